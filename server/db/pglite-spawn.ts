import { Worker } from 'node:worker_threads';

/**
 * The embedded database's thread (pglite-worker.mjs, beside this module in the compiled server
 * too), started with no folder: it opens one when `startPgliteThread` sends it `open`.
 */
export const spawnPgliteWorker = () =>
  new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    // The worker is plain JavaScript; it needs none of the parent's TypeScript loaders.
    execArgv: [],
  });
