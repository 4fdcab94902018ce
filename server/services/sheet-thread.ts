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
/**
 * Files read at once (one per core here), and files that may wait their turn; more are refused.
 * Each caller (an operator) has a share of them — one file read and two waiting at most — so one
 * caller's imports never hold every place while another's wait.
 */
const SHEET_SLOTS = { running: 2, waiting: 8, runningPerCaller: 1, waitingPerCaller: 2 };

/** The places on the worker threads: a turn is taken before a file is read and released after. */
export class SheetQueue {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting: { caller: string; go: () => void }[] = [];

  constructor(private readonly slots = SHEET_SLOTS) {}

  async turn(caller: string) {
    if (this.running < this.slots.running && this.mayRun(caller)) return this.start(caller);
    const mine = this.waiting.filter((w) => w.caller === caller).length;
    if (mine >= this.slots.waitingPerCaller) throw new Warning('server.import_busy_caller', { running: this.slots.runningPerCaller, waiting: this.slots.waitingPerCaller });
    if (this.waiting.length >= this.slots.waiting) throw new Warning('server.import_busy');
    await new Promise<void>((go) => this.waiting.push({ caller, go }));
  }

  release(caller: string) {
    this.running--;
    const left = (this.runningBy.get(caller) ?? 1) - 1;
    if (left) this.runningBy.set(caller, left);
    else this.runningBy.delete(caller);
    // The first waiting file whose caller has no file being read takes the place.
    while (this.running < this.slots.running) {
      const i = this.waiting.findIndex((w) => this.mayRun(w.caller));
      if (i < 0) return;
      const [next] = this.waiting.splice(i, 1);
      this.start(next.caller);
      next.go();
    }
  }

  private mayRun(caller: string) {
    return (this.runningBy.get(caller) ?? 0) < this.slots.runningPerCaller;
  }

  private start(caller: string) {
    this.running++;
    this.runningBy.set(caller, (this.runningBy.get(caller) ?? 0) + 1);
  }
}

/** This process's places (a bound on its memory and cores, not shared between instances). */
const places = new SheetQueue();

/** A cap as the sentences print it (10,000); row numbers stay as the sheet shows them. */
const printed = (params: Record<string, unknown>) => ({ ...params, ...(typeof params.max === 'number' ? { max: params.max.toLocaleString('en') } : {}) });

const run = (req: SheetRequest) =>
  new Promise<{ rows: SheetRow[]; missing: string[] }>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { format: req.format, bytes: req.bytes, headers: req.headers, required: req.required, caps: req.caps },
      resourceLimits: RESOURCE_LIMITS,
      // The worker is plain JavaScript; it needs none of the parent's TypeScript loaders.
      execArgv: [],
    });
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
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

/** The sheet's rows by column key, or the required columns its header lacks (`missing`, then no rows), read in `caller`'s turn. */
export const readSheetOffThread = async (req: SheetRequest, caller: string) => {
  await places.turn(caller);
  try {
    return await run(req);
  } finally {
    places.release(caller);
  }
};
