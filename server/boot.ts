import { fileURLToPath } from 'node:url';
import { handoff } from './boot-handoff.ts';
import { runWithCodeCache } from './code-cache.ts';
import { spawnPgliteWorker } from './db/pglite-spawn.ts';
import { tierWasmLater } from './db/wasm-tiering.mjs';

/**
 * The compiled server's entry (dist-server/main.js, built by scripts/build-server.mjs), which
 * `npm start` runs. Before anything else it starts the embedded database's thread, which loads
 * PGlite and compiles its WebAssembly while this thread loads the server; the server
 * (dist-server/server.cjs, all of server/main.ts in one script) runs through a V8 code cache
 * (server/code-cache.ts), and so does the page renderer (server/http/page-render.ts).
 * docs/operations.md, "Start", has the measurements.
 */
declare const SERVER_SCRIPT_HASH: string;

/** The code cache is written this long after the server listens, so that it holds the first requests' code too, or at a clean stop before then. */
const CACHE_AFTER_MS = 10_000;

const slot = handoff();
// The database's thread sets this flag too; set here first, before the server's code is compiled,
// whichever database is used, so that the code cache is written and read under the same flags.
tierWasmLater();
// As server/config.ts reads it: no DATABASE_URL, the embedded database.
if (!process.env.DATABASE_URL) slot.dbThread = spawnPgliteWorker();
// The caches of scripts the server runs itself (the page renderer's) are written with the server's.
const others: (() => string | undefined)[] = [];
slot.saveWith = (save) => void others.push(save);
const run = runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)), {
  cacheFile: fileURLToPath(new URL(`./server-${SERVER_SCRIPT_HASH}.code-cache`, import.meta.url)),
  what: 'the server',
});
const save = () => {
  for (const problem of [run.save(), ...others.map((s) => s())]) if (problem) console.log(problem);
};
// Only once the server has listened: V8's flags are then as they were when the script was
// compiled (server/start-tiering.ts changes one until then), and the start's code is compiled.
let listened = false;
slot.started = () => {
  listened = true;
  setTimeout(save, CACHE_AFTER_MS).unref();
};
slot.exiting = () => {
  if (listened) save();
};
