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
  /** `import()` for an ES module by URL: code run from a V8 code cache cannot import by itself. */
  importModule?: (url: string) => Promise<unknown>;
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

/** An ES module by URL, as the entry imports it (else this bundle's own `import()`, from sources). */
export const importModule = <T>(url: string): Promise<T> => (handoff().importModule ?? ((moduleUrl: string) => import(moduleUrl)))(url) as Promise<T>;
