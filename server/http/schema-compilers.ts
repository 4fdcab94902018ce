import type { ValidatorFactory } from '@fastify/ajv-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

type Factory = (...args: unknown[]) => unknown;

/** Fastify's factory `F` from `module`, loaded when fastify first calls it (it passes the arguments on as they are). */
const onFirstCall = <F>(module: string) => {
  let factory: Factory | undefined;
  const call: Factory = (...args) => (factory ??= (load(module) as () => Factory)())(...args);
  return call as unknown as F;
};

/**
 * Fastify's own compilers (Ajv for validation, fast-json-stringify for answers), loaded when a
 * route first declares a JSON schema instead of when the app is built. The platform's routes
 * declare none (calls check their input with zod: server/http/validation.ts), so a start no
 * longer evaluates Ajv; a plugin's route that does declare one still gets the same compilers.
 */
export const lazyCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: onFirstCall<ValidatorFactory>('@fastify/ajv-compiler'),
    buildSerializer: onFirstCall<SerializerFactory>('@fastify/fast-json-stringify-compiler'),
  },
};
