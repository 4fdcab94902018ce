// Module hooks for code generators that print with TypeScript's compiler API (@hey-api/openapi-ts):
// `node --import ./tests/helpers/typescript-api.mjs …` resolves their `typescript` to TypeScript 5.
// The project's own `typescript` is TypeScript 7, the native compiler, which has no such API; the
// SDK's workspace keeps TypeScript 5 for openapi-typescript (sdk/package.json), and that is the one.
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const api = pathToFileURL(createRequire(new URL('../../sdk/package.json', import.meta.url)).resolve('typescript')).href;

// Loaded by `--import` on the main thread, it registers itself; Node runs the hooks on a thread of their own.
if (isMainThread) register(import.meta.url);

export const resolve = (specifier, context, next) => (specifier === 'typescript' ? { url: api, format: 'commonjs', shortCircuit: true } : next(specifier, context));
