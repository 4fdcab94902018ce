import { takeDbThread } from '../boot-handoff.ts';
import { DEADLINE_PASSED } from './away.ts';
import { deadlineOff, withoutDeadline } from './deadlines.ts';
import { binaryTypeOf, copyBinary, type BinaryType } from './copy-binary.ts';
import type { AppendValue, Db, Queryable } from './driver.ts';
import { currentShare, SYSTEM } from './fair-share.ts';
import { spawnPgliteWorker } from './pglite-spawn.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The embedded database's watchdog (docs/operations.md, "Deadlines"): a statement unanswered past
 * `ms` fails as the database being away, and `onStuck` hears of it once. PGlite does not recover
 * from some faults (a full disk mid-WAL leaves every later statement unanswered), so the server
 * logs it and exits for its supervisor to restart it; the data on disk is intact.
 */
export interface Watchdog {
  ms: number;
  onStuck(op: string, ms: number): void;
}

/** A value in COPY's text format: `\N` for null, backslash escapes for the characters that delimit it. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyText = (v: AppendValue): string => {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]);
};
const copyRows = (rows: readonly (readonly AppendValue[])[]) => {
  let text = '';
  for (const row of rows) text += `${row.map(copyText).join('\t')}\n`;
  return text;
};

/** The operations a deadline watches: statements and commits; not a transaction's wait for its turn (the statement holding it is watched), a dump or the close. */
const WATCHED = new Set(['query', 'end', 'append']);

type ThreadOptions = { dataDir?: string; snapshot?: ArrayBuffer; analyzeFirstMs: number; analyzeEveryMs: number; watchdog?: Watchdog };

/**
 * Embedded PostgreSQL on a worker thread. The Db interface is the same as in-process PGlite; every
 * statement crosses to the worker as a message, and a transaction holds PGlite's lock on that
 * thread until the caller's callback ends. The database comes at once and `ready` once the thread
 * has opened it: statements sent before wait in the thread's queue, so a start builds its routes
 * while the folder opens (server/main.ts).
 */
export const startPgliteThread = (opts: ThreadOptions, onClose: () => void) => {
  // A thread the compiled server's entry started early has loaded PGlite meanwhile (server/boot.ts).
  const worker = takeDbThread() ?? spawnPgliteWorker();
  worker.postMessage(
    { open: { dataDir: opts.dataDir, snapshot: opts.snapshot, analyzeFirstMs: opts.analyzeFirstMs, analyzeEveryMs: opts.analyzeEveryMs } },
    opts.snapshot ? [opts.snapshot] : [],
  );
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;
  let stuck = false;

  const ready = new Promise<void>((resolve, reject) => {
    // The thread's first message says it is open; answers carry an id.
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  ready.catch(() => {});
  worker.on('message', (msg: { id: number; result?: unknown; error?: Record<string, string> }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(Object.assign(new Error(msg.error.message), msg.error));
    else p.resolve(msg.result);
  });
  worker.on('error', (e: Error) => {
    failure = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  });

  const call = <T>(op: string, args: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      const dog = opts.watchdog && !deadlineOff() && WATCHED.has(op) ? opts.watchdog : undefined;
      const timer = dog ? setTimeout(() => {
        pending.delete(id);
        reject(Object.assign(new Error(`The embedded database did not answer within ${dog.ms} ms (${op})`), { code: DEADLINE_PASSED }));
        if (!stuck) dog.onStuck(op, dog.ms);
        stuck = true;
      }, dog.ms) : undefined;
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v as T)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      worker.postMessage({ id, op, ...args }, transfer);
    });

  // A statement outside a transaction names its share, and the thread gives shares turns
  // (server/db/share-turns.mjs); one inside goes when its transaction's lock lets it.
  const queryIn = (tx?: number): Queryable['query'] => (sql, params) => call('query', tx ? { sql, params, tx } : { sql, params, share: currentShare() });

  /** Each appended table's column types, read once (again when asked for a column it lacked); undefined when unreadable. */
  const tableTypes = new Map<string, Map<string, BinaryType | undefined>>();
  const typesOf = async (table: string, columns: readonly string[]) => {
    let types = tableTypes.get(table);
    if (!types || columns.some((c) => !types!.has(c))) {
      const read = await queryIn()<{ name: string; type: string }>(
        'select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped',
        [table],
      ).catch(() => undefined);
      if (!read) return undefined;
      types = new Map(read.rows.map((r) => [r.name, binaryTypeOf(r.type)]));
      tableTypes.set(table, types);
    }
    return columns.map((c) => types!.get(c));
  };

  const db = {
    kind: 'pglite',
    query: queryIn(),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const { tx } = await call<{ tx: number }>('begin', { share: currentShare() });
      let result: T;
      try {
        result = await fn({ query: queryIn(tx) });
      } catch (e) {
        await call('end', { tx, commit: false });
        throw e;
      }
      await call('end', { tx, commit: true });
      return result;
    },
    // The rows are encoded here, not on the database's thread, which every call waits on: as a
    // binary COPY when every column's type has a binary form here, else as COPY's text.
    append: async (table, columns, rows) => {
      if (!rows.length) return;
      const types = await typesOf(table, columns);
      const binary = types && copyBinary(types, rows);
      // The logs' rows are nobody's share, as in sharedFairly.
      if (!binary) return void (await call('append', { table, columns, text: copyRows(rows), share: SYSTEM }));
      // A failed batch is tried again (server/services/log-batches.ts): with the types read anew,
      // should the table have changed under them.
      await call('append', { table, columns, binary, share: SYSTEM }, [binary]).catch((e) => {
        tableTypes.delete(table);
        throw e;
      });
    },
    // One process holds the folder (server/db/data-dir-lock.ts): there is nobody to take turns with,
    // only the watchdog to hold off for the work inside.
    exclusive: <T>(fn: () => Promise<T>) => withoutDeadline(fn),
    threadBusyMs: () => worker.performance.eventLoopUtilization().active,
    dumpDataDir: async () => new Blob([(await call<{ snapshot: ArrayBuffer }>('dump')).snapshot]),
    close: async () => {
      await call('close');
      await worker.terminate();
      onClose();
    },
  } as Db;
  return { db, ready };
};
