/** The one interface both drivers satisfy: the engine speaks parameterised SQL and nothing else. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A value `append` writes: text, a number, a boolean, null, or a JSON value (a jsonb column). */
export type AppendValue = string | number | boolean | null | readonly unknown[] | Record<string, unknown>;

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside one transaction; it rolls back when `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Appends rows (values in `columns`' order) to a table in one statement, outside any transaction:
   * the logs' batched writers. The embedded database copies them in (COPY parses a row in a
   * fraction of what a parameterised insert costs); PostgreSQL inserts them from one JSON array.
   */
  append(table: string, columns: readonly string[], rows: readonly (readonly AppendValue[])[]): Promise<void>;
  /**
   * Runs `fn` while holding the database's start lock, so that instances starting at once (schema
   * sync, migrations, seeds, the first operator) take turns: a PostgreSQL advisory lock; nothing
   * on the embedded database, which one process holds.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: listens on `channel` on a connection of its own, reconnecting when it is lost;
   * `connected` runs after every (re)connection, once the LISTEN is in place. Answers the stop.
   */
  listen?(channel: string, on: Listener): () => Promise<void>;
  /**
   * Runs `fn`, whose statements go one after another, in one slot of the caller's share
   * (`sharedFairly`): a long run of short statements (a count read in slices) waits for a slot
   * once and keeps it, as a transaction does, while each statement still takes its turn on the
   * embedded database's thread. Without a fair share, `fn` just runs.
   */
  holding?<T>(fn: () => Promise<T>): Promise<T>;
  /** The embedded database only: milliseconds its thread has spent working since it started (its event loop's active time; bench/request-log.ts). */
  threadBusyMs?(): number;
  close(): Promise<void>;
}

export interface Listener {
  message(payload: string): void;
  connected(): void;
  lost(error: Error): void;
}

/** A start refused for a reason its one sentence gives (a setting, not a fault in the code: no stack). */
export class StartRefused extends Error {}

/** Quotes an identifier. Identifiers come only from resource definitions, never from a body. */
export const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
};
