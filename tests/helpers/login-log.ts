import type { TestServer } from './server.ts';

/** Writes the login log's waiting rows (it is written in batches). */
export const flushLogins = (s: TestServer) => s.services.audit.flush('login_log');

/** The login log's rows for what was typed as the username, oldest first. */
export const loginRows = async (s: TestServer, username: string) =>
  (await s.db.query<{ result: string; method: string | null; user_guid: string | null }>('select result, method, user_guid from login_log where username = $1 order by created_at, guid', [username])).rows;
