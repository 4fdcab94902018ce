/**
 * Whether an error means the database is away for now (restarting, refusing, out of connections, or
 * past a deadline: docs/operations.md, "Deadlines"), so a client should retry rather than report a
 * fault: socket errors, PostgreSQL's codes for a connection it refused or lost (class 08, shutdown,
 * too many connections) and for a statement it cancelled at `statement_timeout` (57014),
 * node-postgres's own deadlines (connecting, reading an answer) and the embedded database's watchdog.
 */
/** The code of a statement the embedded database's watchdog gave up on (server/db/pglite-thread.ts). */
export const DEADLINE_PASSED = 'DB_DEADLINE';

const AWAY_CODES = new Set([DEADLINE_PASSED, 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '57014']);
const AWAY_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

export const databaseAway = (err: unknown) => {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && (AWAY_CODES.has(code) || code.startsWith('08'))) || (typeof message === 'string' && AWAY_MESSAGES.test(message));
};
