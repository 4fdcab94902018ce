// The embedded database on a thread of its own, so that running SQL (WebAssembly, synchronous)
// and answering HTTP share the machine's cores instead of taking turns on one event loop.
// Plain JavaScript: a worker gets no TypeScript loader of its own.
//
// The thread may start before the server knows which folder it will open (server/boot.ts starts
// it first thing): until its `open` message comes it only loads PGlite and compiles its
// WebAssembly, neither of which depends on the folder (docs/operations.md, "Start").
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { sharedBuffersFor } from './shared-buffers.mjs';
import { ShareTurns } from './share-turns.mjs';
import { tierWasmLater } from './wasm-tiering.mjs';
import { rowsOf } from './wire-rows.mjs';

tierWasmLater();

// Statements may be sent as soon as the open is: they wait here, in order, until it is done.
const early = [];
let open;
const opening = new Promise((resolve) => (open = resolve));
let deliver = (message) => (message.open ? open(message.open) : early.push(message));
parentPort.on('message', (message) => deliver(message));

// The WebAssembly PGlite would compile itself, from beside its entry module, compiled while PGlite's
// JavaScript loads (the flag above is set first). Read at once: a read's callback would wait for
// the import below to finish before the compile could start. Its file bundle PGlite reads itself:
// that takes milliseconds, and a copy held here would stay in memory.
const wasmModule = WebAssembly.compile(readFileSync(new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'))));
const { PGlite, protocol } = await import('@electric-sql/pglite');

const { dataDir, snapshot, analyzeFirstMs, analyzeEveryMs } = await opening;
const pg = await PGlite.create(dataDir, {
  // PGlite reads a tarball only through `arrayBuffer()`: the buffer handed over is read in place.
  // A Blob copied the tests' 45 MB snapshot in and then out again in chunks, about a sixth of an open's CPU.
  ...(snapshot ? { loadDataDir: { type: 'application/x-tar', arrayBuffer: async () => snapshot } } : {}),
  pgliteWasmModule: await wasmModule,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersFor(dataDir)}`, '-c', 'plan_cache_mode=force_custom_plan'],
});

// PGlite has no autovacuum: without fresh statistics the planner sorts whole tables instead of
// paging an index. Refresh them shortly after start and then every few minutes.
const analyze = () => void pg.query('analyze').catch(() => {});
const first = setTimeout(analyze, analyzeFirstMs);
const every = setInterval(analyze, analyzeEveryMs);

/** Open transactions: id → { tx, finish(commit) } while their callback waits for the main thread. */
const transactions = new Map();
let nextTx = 1;

/**
 * Parameters as PostgreSQL text, as PGlite's own serializers would write them for the types the
 * engine binds (text, numbers, booleans, uuids, timestamps, json text and one-dimensional arrays).
 * Anything else returns undefined and the statement takes PGlite's ordinary path.
 */
const quoteElement = (v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`);
const textOf = (v) => {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
  }
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.every((e) => e === null || ['string', 'number', 'boolean'].includes(typeof e)) ? `{${v.map(quoteElement).join(',')}}` : undefined;
  return undefined;
};

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

/**
 * Statements by their SQL text, each prepared once under a name of its own: a statement run again
 * skips PostgreSQL's parsing and analysis (about 1.2–1.6× the primary-key reads a second; the
 * unnamed statement is parsed anew each time). `plan_cache_mode=force_custom_plan` (the start's
 * parameters below) keeps planning each run with its own values, as the unnamed statement was: a
 * generic plan would serve one BU of 100,000 members as it serves a BU of ten. The newest
 * PREPARED_MAX stay; an older one, a failed new one and a stale one are closed in the next exchange.
 */
const PREPARED_MAX = 256;
const prepared = new Map();
const closing = [];
let nextName = 1;
/**
 * A prepared statement PostgreSQL will no longer run as prepared: its table changed since ("cached
 * plan must not change result type", under 0A000, a code it shares with every unsupported feature,
 * so the message decides) or it is gone (26000).
 */
const stale = (e) => e?.code === '26000' || (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? ''));

/**
 * One statement in one exchange with the engine: (parse,) bind, describe, execute and sync sent
 * together. PGlite's query() makes six exchanges (it describes the statement first to pick
 * parameter serializers), which costs about as much again as the statement itself. The answer is
 * read by `rowsOf` (wire-rows.mjs); one holding an error, by PGlite's parser, which makes it the
 * error query() would throw.
 */
const { serialize } = protocol;
const oneExchange = async (sql, values) => {
  const parts = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
  let name = prepared.get(sql);
  const fresh = !name;
  if (fresh) {
    name = `s${nextName++}`;
    parts.push(serialize.parse({ name, text: sql }));
  } else {
    // The most recently used last: eviction takes the first.
    prepared.delete(sql);
    prepared.set(sql, name);
  }
  parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  const chunks = [];
  await pg.execProtocolRawStream(
    concat(parts),
    // A chunk is a view of the engine's memory, valid only until it returns.
    { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
  );
  const answer = chunks.length === 1 ? chunks[0] : concat(chunks);
  const rows = rowsOf(answer, pg.parsers);
  if (!rows) {
    const error = errorIn(answer);
    if (fresh || stale(error)) {
      if (!fresh) prepared.delete(sql);
      closing.push(name);
    }
    throw error;
  }
  if (fresh) {
    prepared.set(sql, name);
    if (prepared.size > PREPARED_MAX) {
      const [oldest, old] = prepared.entries().next().value;
      prepared.delete(oldest);
      closing.push(old);
    }
  }
  return { rows };
};

/**
 * A statement of no transaction holds the locks query() holds, so it never runs inside someone
 * else's transaction; one of a transaction holds what its query() holds, and like it leaves the
 * files to the transaction's end.
 */
const fastQuery = (sql, values) =>
  pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      // A statement whose table changed since it was prepared is prepared again, once; inside a
      // transaction the error has ended the transaction, so there it is the caller's.
      const answer = await oneExchange(sql, values).catch((e) => (stale(e) ? oneExchange(sql, values) : Promise.reject(e)));
      await pg.syncToFs();
      return answer;
    }),
  );
const fastQueryIn = (sql, values) => pg._runExclusiveQuery(() => oneExchange(sql, values));

/** The first error an answer holds, as PGlite's parser makes it. */
const errorIn = (answer) => {
  let error;
  new protocol.Parser().parse(answer, (message) => {
    if (message instanceof protocol.messages.DatabaseError) error ??= message;
  });
  return error;
};

const IDENT = /^[a-z_][a-z0-9_]*$/;

const errorOf = (e) => ({ message: e?.message ?? String(e), code: e?.code, constraint: e?.constraint, detail: e?.detail, name: e?.name });

const handlers = {
  query: ({ sql, params, tx }) => {
    const target = tx ? transactions.get(tx)?.tx : pg;
    if (!target) throw new Error(`transaction ${tx} is not open`);
    const values = (params ?? []).map(textOf);
    if (!values.includes(undefined)) return tx ? fastQueryIn(sql, values) : fastQuery(sql, values);
    return target.query(sql, params).then((r) => ({ rows: r.rows }));
  },
  // Rows as one binary COPY buffer (server/db/copy-binary.ts) or as COPY's text. Through exec(),
  // one exchange of the simple protocol: query() makes six (parse, describe, bind…), about 250 µs
  // of this thread a batch (docs/operator.md, "Audit logs").
  append: async ({ table, columns, text, binary }) => {
    if (!text && !binary) return null;
    if (![table, ...columns].every((n) => IDENT.test(n))) throw new Error(`bad identifier in ${table} (${columns})`);
    const into = `copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from '/dev/blob'`;
    await pg.exec(binary ? `${into} with (format binary)` : into, { blob: new Blob([binary ?? text]) });
    return null;
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

const handle = async ({ id, op, ...args }) => {
  try {
    const result = await handlers[op](args);
    parentPort.postMessage({ id, result }, result?.snapshot ? [result.snapshot] : []);
  } catch (e) {
    if (e?.rollback) return;
    parentPort.postMessage({ id, error: errorOf(e) });
  }
};
/**
 * Work outside a transaction (a statement, an append, a transaction's begin) comes with its share
 * and runs one at a time, in the turns `ShareTurns` gives; a transaction's own statements and end
 * come without one and go at once, as its lock lets them. A statement runs as one synchronous
 * stretch of WebAssembly, during which no message comes in; the next turn is taken after the event
 * loop's next pass, so another tenant's statement that came meanwhile is in the running for it
 * (else one tenant's queue would run to its end first), and the thread's timers and a commit's wait
 * (`end`) are not held off by a busy queue.
 */
const turns = new ShareTurns();
let running = false;
const admit = (message) => (message.share === undefined ? void handle(message) : turns.add(message.share, message));
const nextTurn = () => {
  const message = turns.next();
  running = message !== undefined;
  if (!message) return;
  void handle(message).finally(() => setImmediate(nextTurn));
};
deliver = (message) => {
  admit(message);
  if (!running) nextTurn();
};
for (const message of early.splice(0)) admit(message);
nextTurn();
parentPort.postMessage({ ready: true });
