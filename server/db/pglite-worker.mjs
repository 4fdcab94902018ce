// The embedded database on a thread of its own, so that running SQL (WebAssembly, synchronous)
// and answering HTTP share the machine's cores instead of taking turns on one event loop.
// Plain JavaScript: a worker gets no TypeScript loader of its own.
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

const { dataDir, snapshot, analyzeFirstMs, analyzeEveryMs } = workerData;
const pg = await PGlite.create(dataDir, snapshot ? { loadDataDir: new Blob([snapshot]) } : {});

// PGlite has no autovacuum: without fresh statistics the planner sorts whole tables instead of
// paging an index. Refresh them shortly after start and then every few minutes.
const analyze = () => void pg.query('analyze').catch(() => {});
const first = setTimeout(analyze, analyzeFirstMs);
const every = setInterval(analyze, analyzeEveryMs);

/** Open transactions: id → { tx, finish(commit) } while their callback waits for the main thread. */
const transactions = new Map();
let nextTx = 1;

const errorOf = (e) => ({ message: e?.message ?? String(e), code: e?.code, constraint: e?.constraint, detail: e?.detail, name: e?.name });

const handlers = {
  query: ({ sql, params, tx }) => {
    const target = tx ? transactions.get(tx)?.tx : pg;
    if (!target) throw new Error(`transaction ${tx} is not open`);
    return target.query(sql, params).then((r) => ({ rows: r.rows }));
  },
  begin: () =>
    new Promise((resolve, reject) => {
      const id = nextTx++;
      pg.transaction(
        (tx) =>
          new Promise((finish, fail) => {
            transactions.set(id, { tx, finish, fail });
            resolve({ tx: id });
          }),
      )
        .catch((e) => reject(e))
        .finally(() => transactions.delete(id));
    }),
  end: async ({ tx, commit }) => {
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    if (commit) open.finish();
    else open.fail(Object.assign(new Error('rollback'), { rollback: true }));
    // Let PGlite finish its commit or rollback before the caller goes on.
    while (transactions.has(tx)) await new Promise((r) => setImmediate(r));
    return null;
  },
  dump: async () => {
    const blob = await pg.dumpDataDir('none');
    return { snapshot: await blob.arrayBuffer() };
  },
  close: async () => {
    clearTimeout(first);
    clearInterval(every);
    await pg.close();
    return null;
  },
};

parentPort.on('message', async ({ id, op, ...args }) => {
  try {
    const result = await handlers[op](args);
    parentPort.postMessage({ id, result }, result?.snapshot ? [result.snapshot] : []);
  } catch (e) {
    if (e?.rollback) return;
    parentPort.postMessage({ id, error: errorOf(e) });
  }
});
parentPort.postMessage({ ready: true });
