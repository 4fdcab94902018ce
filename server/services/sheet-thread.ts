import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Warning } from '../http/envelope.ts';

/**
 * Reading an imported spreadsheet on a worker thread (server/services/sheet-worker.mjs): the event
 * loop goes on answering while a file is read, and the worker's memory and time are capped. Each
 * cap crossed is a sentence (a 201), never a fault: the caps, a worker out of memory, a worker too slow.
 */

/** What the worker stops at; `sizeText` is the upload limit as the too-large sentence names it. */
export interface SheetCaps {
  lines: number;
  rows: number;
  cells: number;
  cellChars: number;
  text: number;
  unpacked: number;
  sizeText: string;
}
export interface SheetRequest {
  format: 'csv' | 'xlsx';
  bytes: Buffer;
  /** Header text, folded (trimmed, lower case, single spaces, no BOM) → column key. */
  headers: Record<string, string>;
  /** Groups of keys: one of each must head a column. */
  required: string[][];
  caps: SheetCaps;
}
export interface SheetRow {
  row: number;
  cells: Record<string, string | Date>;
}

/**
 * The worker is plain JavaScript loaded by path; the build copies it beside the chunk holding this
 * file (scripts/build-server.mjs), as it does the database's worker.
 */
const WORKER = new URL('./sheet-worker.mjs', import.meta.url);
/** A file of 10,000 full rows (an export's 15 columns, 500-character notes) reads in under 48 MB; a file that needs more is refused. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** A 5 MB sheet reads in a few seconds on a busy machine. */
const SHEET_TIMEOUT_MS = 30_000;
/** Files read at once (one per core here), and files that may wait their turn; more are refused. */
const RUNNING = 2;
const WAITING = 8;

let running = 0;
const queue: (() => void)[] = [];
const turn = async () => {
  if (running < RUNNING) {
    running++;
    return;
  }
  if (queue.length >= WAITING) throw new Warning('server.import_busy');
  // The file finishing hands its place on (release), so `running` stays as it is.
  await new Promise<void>((resolve) => queue.push(resolve));
};
const release = () => {
  const next = queue.shift();
  if (next) next();
  else running--;
};

/** A cap as the sentences print it (10,000); row numbers stay as the sheet shows them. */
const printed = (params: Record<string, unknown>) => ({ ...params, ...(typeof params.max === 'number' ? { max: params.max.toLocaleString('en') } : {}) });

const run = (req: SheetRequest, dir: string) =>
  new Promise<{ rows: SheetRow[]; missing: string[] }>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { format: req.format, bytes: req.bytes, headers: req.headers, required: req.required, caps: req.caps },
      resourceLimits: RESOURCE_LIMITS,
      // The worker is plain JavaScript; it needs none of the parent's TypeScript loaders.
      execArgv: [],
      // exceljs spools a sheet that comes before its shared strings to a temporary file, which it
      // leaves behind when reading stops early: the worker's temporary files go to a folder of its own.
      env: { ...process.env, TMPDIR: dir },
    });
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate().then(() => rm(dir, { recursive: true, force: true }));
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new Warning('server.import_timeout', { seconds: SHEET_TIMEOUT_MS / 1000 }))), SHEET_TIMEOUT_MS);
    worker.once('message', (m: { rows?: SheetRow[]; missing?: string[]; refusal?: { key: string; params: Record<string, unknown> } }) =>
      finish(() => (m.refusal ? reject(new Warning(`server.${m.refusal.key}`, printed(m.refusal.params))) : resolve({ rows: m.rows ?? [], missing: m.missing ?? [] }))),
    );
    // Out of memory is the file's doing; anything else is a fault of ours, answered as one.
    worker.once('error', (e: Error & { code?: string }) => finish(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Warning('server.import_failed') : e)));
    worker.once('exit', () => finish(() => reject(new Warning('server.import_failed'))));
  });

/** The sheet's rows by column key, or the required columns its header lacks (`missing`, then no rows). */
export const readSheetOffThread = async (req: SheetRequest) => {
  await turn();
  try {
    return await run(req, await mkdtemp(join(tmpdir(), 'sheet-')));
  } finally {
    release();
  }
};
