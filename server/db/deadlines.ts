import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a call waits for the database (docs/operations.md, "Deadlines"): for a connection (the
 * pool's queue included) and for each statement's answer. Past either, the call fails as the
 * database being away, which a request answers 503 with Retry-After. The start's preparation
 * (schema, migrations, seeds, waiting for another instance's turn) has no statement deadline: an
 * index built on a large table may take minutes.
 */
export interface Deadlines {
  connectMs: number;
  statementMs: number;
}
export const DEADLINES: Deadlines = { connectMs: 5_000, statementMs: 30_000 };

/**
 * Work run by `exclusive` (the start's preparation, the hourly key rotation): its own statements
 * wait as long as they take. Scoped to that work's async calls, so a request served beside it keeps
 * its deadlines.
 */
const unbounded = new AsyncLocalStorage<true>();
export const withoutDeadline = <T>(fn: () => Promise<T>) => unbounded.run(true, fn);
export const deadlineOff = () => unbounded.getStore() === true;
