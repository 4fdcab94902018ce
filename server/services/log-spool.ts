import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logsOf, MAX_QUEUED } from './log-batches.ts';

/**
 * The embedded database's spool of log rows (docs/operations.md, "A full disk"): a stop that
 * cannot write a log's queued rows (the watchdog's exit, a stop while the disk is nearly full or a
 * write fails) leaves them in DATA_DIR/spool/<log>.ndjson, one JSON row a line, and the next start
 * writes them before it serves (`replaySpool`) and removes the file. A row the table already holds
 * (its write committed before the stop) is found by its key and not written again
 * (`LogBatches.restore`). On PostgreSQL nothing is spooled: the queue stays in memory, bounded.
 */
export const spoolDirOf = (dataDir: string) => join(dataDir, 'spool');
const fileOf = (dataDir: string, log: string) => join(spoolDirOf(dataDir), `${log}.ndjson`);

/** A date (the call log's time) survives the file as { "$date": iso }. */
function keepDates(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  return raw instanceof Date ? { $date: raw.toISOString() } : value;
}
const revive = (_key: string, v: unknown) => {
  const date = v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 ? (v as { $date?: unknown }).$date : undefined;
  return typeof date === 'string' ? new Date(date) : v;
};

const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;
const listed = (counts: Record<string, number>) => Object.entries(counts).map(([log, n]) => `${log} ${n}`).join(', ');

/**
 * Writes each log of `db` its rows not yet written (the newest MAX_QUEUED), at once and
 * synchronously, for a process about to exit; a log with none has its file removed (rows a start
 * restored and wrote since). A file that cannot be written loses its rows, said and counted.
 */
export const spoolLogs = (db: object, dataDir: string, say: (line: string) => void) => {
  const spooled: Record<string, number> = {};
  for (const [log, batches] of logsOf(db)) {
    const rows = batches.unwritten().slice(-MAX_QUEUED);
    const file = fileOf(dataDir, log);
    try {
      if (!rows.length) {
        rmSync(file, { force: true });
        continue;
      }
      mkdirSync(spoolDirOf(dataDir), { recursive: true });
      // Whole or not at all: a stop cut short leaves the last spool, never half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${rows.map((row) => JSON.stringify(row, keepDates)).join('\n')}\n`);
      renameSync(tmp, file);
      spooled[log] = rows.length;
    } catch (e) {
      say(`log rows lost: ${rows.length} of ${log} could not be spooled to ${file} (${codeOf(e)}).`);
    }
  }
  if (Object.keys(spooled).length) say(`Log rows not yet written were spooled to ${spoolDirOf(dataDir)} (${listed(spooled)}); the next start writes them.`);
  return spooled;
};

/**
 * Writes the rows a stop spooled, log by log, and removes each file once its rows are in the table;
 * a log whose rows must wait (the disk still nearly full, a write refused) keeps its file and its
 * rows stay queued. Answers the rows written per log.
 */
export const replaySpool = async (db: object, dataDir: string, say: (line: string) => void) => {
  const written: Record<string, number> = {};
  const waiting: Record<string, number> = {};
  for (const [log, batches] of logsOf(db)) {
    const file = fileOf(dataDir, log);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if (codeOf(e) === 'ENOENT') continue;
      throw e;
    }
    const rows = text.split('\n').filter(Boolean).map((line) => JSON.parse(line, revive) as unknown);
    if (await batches.restore(rows)) {
      rmSync(file, { force: true });
      written[log] = rows.length;
    } else {
      waiting[log] = rows.length;
    }
  }
  if (Object.keys(written).length) say(`Log rows spooled at the last stop were written (${listed(written)}).`);
  if (Object.keys(waiting).length) say(`Log rows spooled at the last stop wait to be written (${listed(waiting)}); their files stay in ${spoolDirOf(dataDir)} until they are.`);
  return written;
};
