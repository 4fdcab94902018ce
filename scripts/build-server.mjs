// Compiles the server (server/, resources/, schemas/, i18n/ and the libraries they import) with
// esbuild into dist-server/ as ES modules, so that it runs as plain JavaScript: no TypeScript
// loader at run time, one file read per chunk instead of hundreds of module lookups.
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
// embedded database's, server/db/pglite-worker.mjs from server/db/pglite-thread.ts, and the import
// sheets', server/services/sheet-worker.mjs from server/services/sheet-thread.ts) are copied beside
// the chunk that loads each, with the plain modules they import (the embedded database's buffer
// size, server/db/shared-buffers.mjs); packages resolve from node_modules.
import { build } from 'esbuild';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectFiles, writeStamp } from './build-stamp.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = join(ROOT, 'dist-server');
export const SERVER_ENTRY = join(SERVER_OUT, 'main.js');
/** Each worker's files (the worker first, then the plain modules it imports), by the module that loads it. */
const WORKERS = { 'server/db/pglite-thread.ts': ['server/db/pglite-worker.mjs', 'server/db/shared-buffers.mjs'], 'server/services/sheet-thread.ts': ['server/services/sheet-worker.mjs'] };
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

export const buildServer = async ({ quiet = false } = {}) => {
  const startedAt = Date.now();
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'server/main.ts' },
    outdir: SERVER_OUT,
    bundle: true,
    // server/main.ts opens the database before it imports the app: the app is a chunk of its own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS libraries call require() for Node's built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    chunkNames: 'chunks/[name]-[hash]',
    keepNames: true,
    // V8 keeps each module's source text for as long as the process runs, and stores a text with
    // one character outside Latin-1 at two bytes a character. Comments and indentation are much of
    // that text, and the comments held nearly all such characters: without them (and `asciiOnly`)
    // the app's chunk took 2.3 MB of the heap, not 6.2. Names are kept, so stacks still read.
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
  });
  for (const file of Object.keys(result.metafile.outputs)) if (file.endsWith('.js')) asciiOnly(resolve(ROOT, file));
  // A worker is loaded relative to the chunk holding the module that starts it.
  for (const [loader, workerFiles] of Object.entries(WORKERS)) {
    const dirs = Object.entries(result.metafile.outputs)
      .filter(([, out]) => Object.keys(out.inputs).includes(loader))
      .map(([file]) => dirname(resolve(ROOT, file)));
    if (!dirs.length) throw new Error(`build-server: no output chunk holds ${loader}`);
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
  const files = projectFiles(ROOT, [...Object.keys(result.metafile.inputs), ...Object.values(WORKERS).flat(), 'scripts/build-server.mjs', 'scripts/build-stamp.mjs', 'package.json']);
  writeStamp({ root: ROOT, outDir: SERVER_OUT, files, outputs, startedAt });
  if (!quiet) console.log(`Server compiled to ${SERVER_OUT} in ${Date.now() - startedAt} ms (${files.length} source files).`);
  return { files, outputs };
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer({ quiet: process.argv.includes('--quiet') });
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} was not written`);
}
