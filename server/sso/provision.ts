import { randomBytes, randomUUID } from 'node:crypto';
import { USER_TYPE } from '../auth/caller.ts';
import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { SUB_STATUS } from '../../schemas/sub-account.ts';
import { syncUserRoles } from '../services/memberships.ts';
import type { SsoSettings } from './settings.ts';

/** Who the IdP says signed in, through the BU's claim mapping. */
export interface Identity {
  subject: string;
  /** Null when the IdP sent none, or (OIDC) did not say it verified it. */
  email: string | null;
  username: string | null;
  name: string | null;
  department: string | null;
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** The mapped claims of an IdP's answer (`email_verified: false` drops the address: it links nothing). */
export const identityOf = (s: SsoSettings, subject: string, claims: Record<string, unknown>, emailVerified = true): Identity => {
  const email = text(claims[s.claim_email], 128)?.toLowerCase() ?? null;
  return {
    subject,
    email: emailVerified && email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
    username: text(claims[s.claim_username], 32),
    name: text(claims[s.claim_name], 30),
    department: s.claim_department ? text(claims[s.claim_department], 30) : null,
  };
};

/** A username the platform accepts, made from what the IdP gave, not taken yet. */
const freeUsername = async (db: Queryable, id: Identity) => {
  const base = (id.username ?? id.email?.split('@')[0] ?? 'sso').replace(/[^A-Za-z0-9_@.-]/g, '_').slice(0, 24) || 'sso';
  for (const candidate of [base, ...Array.from({ length: 5 }, () => `${base}_${randomBytes(3).toString('hex')}`)]) {
    if (!(await db.query('select 1 from users where username = $1', [candidate])).rows[0]) return candidate;
  }
  throw new Warning('server.sso.not_provisioned');
};

/**
 * The BU account an IdP's answer signs in (docs/sso.md, "Accounts"): the one linked to this subject
 * before; else the BU's account with the same verified e-mail, linked now; else, with just-in-time
 * provisioning on, a new member and sub-account holding the BU's default role. A frozen account,
 * or one deleted here after it was linked, is refused. The mapped name and e-mail are written on
 * every sign-in.
 */
export const accountFor = async (services: Services, s: SsoSettings, id: Identity) =>
  services.db.transaction(async (tx) => {
    const linked = (await tx.query<{ user_guid: string }>('select user_guid from sso_identity where bu_guid = $1 and protocol = $2 and subject = $3', [s.bu_guid, s.protocol, id.subject])).rows[0];
    let guid = linked?.user_guid;
    if (!guid && id.email) {
      guid = (await tx.query<{ guid: string }>(
        `select u.guid from users u join user_bu ub on ub.user_guid = u.guid and ub.bu_guid = $1 where lower(u.email) = $2 and u.user_type = any($3::smallint[]) order by ub.is_owner desc, u.created_at limit 1`,
        [s.bu_guid, id.email, [USER_TYPE.main, USER_TYPE.sub]],
      )).rows[0]?.guid;
      if (guid) await tx.query('insert into sso_identity (bu_guid, protocol, subject, user_guid) values ($1, $2, $3, $4)', [s.bu_guid, s.protocol, id.subject, guid]);
    }
    if (!guid) {
      if (!s.jit_enabled) throw new Warning('server.sso.not_provisioned', { company: s.bu_name });
      guid = await provision(tx, s, id);
    }
    const user = (await tx.query<{ guid: string; username: string; status: number; user_type: number }>(
      'select u.guid, u.username, u.status, u.user_type from users u join user_bu ub on ub.user_guid = u.guid and ub.bu_guid = $2 where u.guid = $1',
      [guid, s.bu_guid],
    )).rows[0];
    if (!user) throw new Warning('server.sso.account_deleted', { company: s.bu_name });
    if (user.status !== SUB_STATUS.normal && !(user.status === SUB_STATUS.toBeActivated && user.user_type === USER_TYPE.sub)) throw new Warning('server.account_frozen');
    // The IdP is the source of truth for who the person is: name and address follow it; a sub-account waiting for activation needs none now.
    await tx.query(
      `update users set name = coalesce($2, name), email = coalesce($3, email), status = case when user_type = $4 and status = $5 then $6 else status end, updated_at = now() where guid = $1`,
      [guid, id.name, id.email, USER_TYPE.sub, SUB_STATUS.toBeActivated, SUB_STATUS.normal],
    );
    if (id.name || id.email) await tx.query('update member set name = coalesce($3, name), email = coalesce($4, email), updated_at = now() where bu_guid = $1 and lower(email) = lower($2)', [s.bu_guid, id.email ?? '', id.name, id.email]);
    return user;
  });

/** A new member and its sub-account in the BU, linked to the subject, with the BU's default role. */
const provision = async (tx: Queryable, s: SsoSettings, id: Identity) => {
  const guid = randomUUID();
  const username = await freeUsername(tx, id);
  const roles = s.default_role_guid ? (await tx.query<{ guid: string }>('select guid from role where guid = $1 and bu_guid = $2 and status = 0', [s.default_role_guid, s.bu_guid])).rows.map((r) => r.guid) : [];
  await tx.query(
    `insert into users (guid, username, name, email, status, user_type, bu_guid, role_guids) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [guid, username, id.name ?? username, id.email, SUB_STATUS.normal, USER_TYPE.sub, s.bu_guid, JSON.stringify(roles)],
  );
  await tx.query('insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, false, $3)', [guid, s.bu_guid, JSON.stringify(roles)]);
  await syncUserRoles(tx, s.bu_guid);
  const department = id.department ? (await tx.query<{ guid: string }>('select guid from department where bu_guid = $1 and name = $2 limit 1', [s.bu_guid, id.department])).rows[0]?.guid ?? null : null;
  await tx.query(
    `insert into member (guid, bu_guid, name, email, department_guid, account_type, area_code, duty_status, created_by) values ($1, $2, $3, $4, $5, 0, '86', 0, $6)`,
    [randomUUID(), s.bu_guid, id.name ?? username, id.email, department, guid],
  );
  await tx.query('insert into sso_identity (bu_guid, protocol, subject, user_guid) values ($1, $2, $3, $4)', [s.bu_guid, s.protocol, id.subject, guid]);
  return guid;
};
