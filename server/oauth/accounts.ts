import type { Account } from 'oidc-provider';
import type { Queryable } from '../db/driver.ts';
import { USER_TYPE } from '../auth/caller.ts';

/**
 * A person as the provider knows them: an enabled tenant account (main or sub), `sub` its guid.
 * A frozen, deleted or operator account is none, so no code or refresh token of theirs buys a token.
 */
export const accountOf = async (db: Queryable, sub: string): Promise<Account | undefined> => {
  if (!/^[0-9a-f-]{36}$/.test(sub)) return undefined;
  const { rows } = await db.query<{ guid: string; username: string; name: string | null; email: string | null }>(
    'select guid, username, name, email from users where guid = $1 and status = 0 and user_type <> $2',
    [sub, USER_TYPE.operator],
  );
  const user = rows[0];
  if (!user) return undefined;
  return {
    accountId: user.guid,
    claims: () => ({
      sub: user.guid,
      name: user.name ?? user.username,
      preferred_username: user.username,
      ...(user.email ? { email: user.email } : {}),
    }),
  };
};
