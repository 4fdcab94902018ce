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
