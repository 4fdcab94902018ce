import type { Worker } from 'node:worker_threads';

/**
 * What the compiled server's entry (`server/boot.ts`, dist-server/main.js) hands to the server it
 * runs (dist-server/server.cjs), through one process-wide slot: the two are separate bundles, so
 * they share no module, only the global object. Run from sources nothing is handed over and each
 * of these is absent.
 */
export interface Handoff {
  /** The embedded database's thread, started before the server knew its folder; taken once. */
  dbThread?: Worker;
  /**
   * A code cache of a script the server runs itself (the page renderer), written when the
   * server's is; `save` answers a sentence when it could not write it.
   */
  saveWith?: (save: () => string | undefined) => void;
  /** The server listens and V8's flags are as at its start: the code cache may be written. */
  started?: () => void;
  /** The process is about to exit after a clean stop. */
  exiting?: () => void;
}

const SLOT = Symbol.for('open-platform.boot-handoff');

export const handoff = (): Handoff => ((globalThis as Record<symbol, Handoff>)[SLOT] ??= {});

/** The database's thread started early, if any: the first to ask takes it. */
export const takeDbThread = (): Worker | undefined => {
  const h = handoff();
  const thread = h.dbThread;
  h.dbThread = undefined;
  return thread;
};
