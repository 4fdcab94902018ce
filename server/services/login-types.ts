import { LOGIN_TYPES } from '../../schemas/sso.ts';
import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { membershipsOf } from './memberships.ts';

type LoginType = (typeof LOGIN_TYPES)[number];

/**
 * Which ways in an account may use: its home BU's login types (the BU it lands in, owned first;
 * a sub-account's only BU). An account in no BU yet has only the platform's own: password and code.
 */
export const loginTypesOf = async (db: Queryable, userGuid: string) => {
  const home = (await membershipsOf(db, userGuid))[0];
  if (!home) return { types: ['password', 'email_code'] as LoginType[], owner: false, company: '' };
  const { rows } = await db.query<{ login_types: LoginType[] | null; name: string }>(
    'select c.login_types, b.name from bu b left join sso_auth_config c on c.bu_guid = b.guid where b.guid = $1',
    [home.bu_guid],
  );
  return { types: rows[0]?.login_types ?? ['password'], owner: home.is_owner, company: rows[0]?.name ?? '' };
};

/**
 * A password sign-in: allowed when the BU allows passwords; otherwise refused with a sentence
 * naming the company sign-in, except for the BU's owner, whose password stays a way in when the
 * IdP fails (break-glass, written to the login log as such).
 */
export const passwordMethodOf = async (db: Queryable, userGuid: string): Promise<'password' | 'break_glass'> => {
  const { types, owner, company } = await loginTypesOf(db, userGuid);
  if (types.includes('password')) return 'password';
  if (owner) return 'break_glass';
  throw new Warning(types.includes('sso') ? 'server.sso.password_not_allowed' : 'server.sso.code_only', { company });
};

/** An e-mail code sign-in: only where the BU allows it. */
export const codeAllowed = async (db: Queryable, userGuid: string) => (await loginTypesOf(db, userGuid)).types.includes('email_code');
