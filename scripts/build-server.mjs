// Compiles the server (server/, resources/, schemas/, i18n/ and the libraries they import) with
// esbuild into dist-server/, so that it runs as plain JavaScript: no TypeScript loader at run
// time, one file read instead of hundreds of module lookups.
// - server.cjs: all of server/main.ts as one CommonJS script, which the entry runs through V8's
//   code cache (server/code-cache.ts; Node.js 20 has none for ES modules);
// - main.js: the entry, server/boot.ts, an ES module: it starts the embedded database's thread,
//   then runs server.cjs. The cache it writes is named by server.cjs's hash.
//
// Left outside the bundle and loaded from node_modules at run time:
// - @electric-sql/pglite: it finds its .wasm and .data files next to its own module;
// - @node-rs/argon2: a native addon;
// - pino: its transports start worker threads by file path (fastify shares the same copy);
// - pg-native: pg's optional native driver, not installed;
// - fastify's Ajv and fast-json-stringify compilers: fastify requires them only when it is given
//   none, and the app gives it its own that load them at the first JSON schema a route declares
//   (server/http/schema-compilers.ts); bundled, their 0.4 MB were parsed at every start for nothing.
// The workers (plain JavaScript loaded by path with `new URL('./….mjs', import.meta.url)`: the
// embedded database's, server/db/pglite-worker.mjs from server/db/pglite-spawn.ts, and the import
// sheets', server/services/sheet-worker.mjs from server/services/sheet-thread.ts) are copied beside
// the output that loads each, with the plain modules they import (server/db/shared-buffers.mjs,
// server/db/wasm-tiering.mjs, server/db/wire-rows.mjs); packages resolve from node_modules.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectFiles, writeStamp } from './build-stamp.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = join(ROOT, 'dist-server');
export const SERVER_ENTRY = join(SERVER_OUT, 'main.js');
/** The server itself, run by the entry (server/boot.ts). */
export const SERVER_SCRIPT = join(SERVER_OUT, 'server.cjs');
/** Each worker's files (the worker first, then the plain modules it imports), by the module that loads it. */
const WORKERS = { 'server/db/pglite-spawn.ts': ['server/db/pglite-worker.mjs', 'server/db/shared-buffers.mjs', 'server/db/wasm-tiering.mjs', 'server/db/wire-rows.mjs', 'server/db/share-turns.mjs'], 'server/services/sheet-thread.ts': ['server/services/sheet-worker.mjs'] };
export const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'pino', 'pg-native', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];

/**
 * esbuild writes strings as ASCII but leaves a regular expression's characters as they are (two
 * libraries' patterns hold `ẞ` and `…`): written as `\uXXXX`, which means the same character in a
 * pattern, a string or a name, the chunk's source stays one byte a character in V8's heap.
 */
const asciiOnly = (file) => {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
};

/**
 * Dynamic `import()` left in the server's script: code run from a V8 code cache cannot import by
 * itself (Node.js loses the script's loader). A module of the bundle imported dynamically is a
 * function call in the script; a class method named `import` is not an import.
 */
const strayImports = (source) => [...source.matchAll(/(?<![\w$.])import\((?![^()]*\)\{)/g)].map((m) => source.slice(Math.max(0, m.index - 80), m.index + 40));

/**
 * `keepNames` (below) keeps the names esbuild renames, through a helper that sets a function's name
 * each time the function is made. It also calls it where JavaScript already gives the function that
 * name: a declaration inside Fastify's per-request functions (a hook runner's `next`) had its name
 * set again on every call, about 17 times per request. The helper here first compares and sets only
 * a name that differs: the same names, and about 5% more authorised calls a second on the built
 * server (docs/operations.md, "Names in the built server").
 */
const KEEP_NAMES_HELPER = 'var __name=(target,value)=>__defProp(target,"name",{value,configurable:true});';
const CHEAP_NAMES_HELPER = 'var __name=(target,value)=>target.name===value?target:__defProp(target,"name",{value,configurable:true});';
const cheapNames = (file) => {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('var __name=')) return;
  if (!text.includes(KEEP_NAMES_HELPER)) throw new Error(`build-server: esbuild's name helper is not as expected in ${file}; see cheapNames`);
  writeFileSync(file, text.replace(KEEP_NAMES_HELPER, CHEAP_NAMES_HELPER));
};

export const buildServer = async ({ quiet = false } = {}) => {
  const startedAt = Date.now();
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    keepNames: true,
    // V8 keeps the server's source text for as long as the process runs, and stores a text with
    // one character outside Latin-1 at two bytes a character. Comments and indentation are much of
    // that text, and the comments held nearly all such characters: without them (and `asciiOnly`)
    // the app's code took 2.3 MB of the heap, not 6.2. Names are kept, so stacks still read.
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
  };
  // The whole server as one CommonJS script, which server/boot.ts runs through V8's code cache
  // (Node.js 20 keeps none for ES modules); a module that was imported dynamically is evaluated
  // when first imported, as before.
  const server = await build({
    ...common,
    entryPoints: ['server/main.ts'],
    outfile: SERVER_SCRIPT,
    format: 'cjs',
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  cheapNames(SERVER_SCRIPT);
  asciiOnly(SERVER_SCRIPT);
  const script = readFileSync(SERVER_SCRIPT, 'latin1');
  const stray = strayImports(script);
  if (stray.length) throw new Error(`build-server: dynamic import() in ${SERVER_SCRIPT} would fail under its code cache:\n${stray.join('\n')}`);
  if (script.includes('import.meta')) throw new Error(`build-server: import.meta left in ${SERVER_SCRIPT}; only import.meta.url is defined for CommonJS`);
  const entry = await build({
    ...common,
    entryPoints: { main: 'server/boot.ts' },
    outdir: SERVER_OUT,
    format: 'esm',
    define: { SERVER_SCRIPT_HASH: JSON.stringify(createHash('sha256').update(script).digest('hex').slice(0, 16)) },
  });
  cheapNames(SERVER_ENTRY);
  asciiOnly(SERVER_ENTRY);
  const inputs = { ...server.metafile.inputs, ...entry.metafile.inputs };
  const built = { ...server.metafile.outputs, ...entry.metafile.outputs };
  // A worker is loaded relative to the output holding the module that starts it.
  for (const [loader, workerFiles] of Object.entries(WORKERS)) {
    const dirs = Object.entries(built)
      .filter(([, out]) => Object.keys(out.inputs).includes(loader))
      .map(([file]) => dirname(resolve(ROOT, file)));
    if (!dirs.length) throw new Error(`build-server: no output holds ${loader}`);
    for (const dir of new Set(dirs)) for (const file of workerFiles) copyFileSync(join(ROOT, file), join(dir, basename(file)));
  }
  const outputs = [];
  const list = (dir, rel = '') => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) list(join(dir, e.name), `${rel}${e.name}/`);
      else if (!e.name.startsWith('.')) outputs.push(`${rel}${e.name}`);
    }
  };
  list(SERVER_OUT);
  const files = projectFiles(ROOT, [...Object.keys(inputs), ...Object.values(WORKERS).flat(), 'scripts/build-server.mjs', 'scripts/build-stamp.mjs', 'package.json']);
  writeStamp({ root: ROOT, outDir: SERVER_OUT, files, outputs, startedAt });
  if (!quiet) console.log(`Server compiled to ${SERVER_OUT} in ${Date.now() - startedAt} ms (${files.length} source files).`);
  return { files, outputs };
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer({ quiet: process.argv.includes('--quiet') });
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} was not written`);
}
