import { randomBytes, randomUUID } from 'node:crypto';
import { USER_TYPE } from '../auth/caller.ts';
import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { SUB_STATUS } from '../../schemas/sub-account.ts';
import { syncUserRoles } from '../services/memberships.ts';
import { emailVerified } from '../services/verified-email.ts';
import type { SsoSettings } from './settings.ts';

/** Who the IdP says signed in, through the BU's claim mapping. */
export interface Identity {
  /** The IdP's own name (OIDC `iss`, SAML issuer): a subject is unique only within it. */
  issuer: string;
  subject: string;
  /** Null when the IdP sent none, or (OIDC) did not say it verified it. */
  email: string | null;
  username: string | null;
  name: string | null;
  department: string | null;
}

/**
 * How a subject came to be linked: what the IdP may write, and whom it may sign in, follows from it.
 * `self`: linked by the account's own holder while signed in ("Link my company sign-in" in personal
 * settings, server/sso/self-link.ts), the only link that signs in a main account.
 */
type LinkedBy = 'provisioned' | 'email' | 'self';

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** OIDC's `email_verified`: only `true`, or the string "true" some IdPs send, says the IdP verified the address. */
export const saysVerified = (v: unknown) => v === true || v === 'true';

/** An issuer as the links keep it: a trailing slash is no different issuer. */
const issuerKey = (issuer: string) => issuer.replace(/\/+$/, '');

/** The mapped claims of an IdP's answer (an address the IdP did not verify is dropped: it links nothing and is stored nowhere). */
export const identityOf = (s: SsoSettings, who: { issuer: string; subject: string }, claims: Record<string, unknown>, emailVerifiedByIdp: boolean): Identity => {
  const email = text(claims[s.claim_email], 128)?.toLowerCase() ?? null;
  return {
    issuer: issuerKey(who.issuer),
    subject: who.subject,
    email: emailVerifiedByIdp && email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
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

const linkOf = async (tx: Queryable, s: SsoSettings, id: Identity) =>
  (await tx.query<{ user_guid: string; linked_by: LinkedBy }>('select user_guid, linked_by from sso_identity where bu_guid = $1 and protocol = $2 and issuer = $3 and subject = $4', [s.bu_guid, s.protocol, id.issuer, id.subject])).rows[0];

const link = (tx: Queryable, s: SsoSettings, id: Identity, userGuid: string, by: LinkedBy) =>
  tx.query('insert into sso_identity (bu_guid, protocol, issuer, subject, user_guid, linked_by) values ($1, $2, $3, $4, $5, $6)', [s.bu_guid, s.protocol, id.issuer, id.subject, userGuid, by]);

/** A main account, or the owner of this BU: what no IdP's answer links to, creates or changes unless its holder linked it. */
const isOwner = (u: { user_type: number; is_owner: boolean }) => u.user_type === USER_TYPE.main || u.is_owner;

/**
 * The account of the BU with the address the IdP verified, for a first sign-in (docs/sso.md,
 * "Accounts"): only a sub-account that proved that address here is linked. An owner's address is
 * refused (whoever configures the IdP could otherwise become the owner); an unproved one too, as
 * creating a second account with it would only confuse.
 */
const byEmail = async (tx: Queryable, s: SsoSettings, email: string) => {
  const { rows } = await tx.query<{ guid: string; user_type: number; is_owner: boolean; verified: boolean }>(
    `select u.guid, u.user_type, ub.is_owner, ${emailVerified('u')} as verified from users u join user_bu ub on ub.user_guid = u.guid and ub.bu_guid = $1
      where lower(u.email) = $2 and u.user_type = any($3::smallint[]) order by u.created_at`,
    [s.bu_guid, email, [USER_TYPE.main, USER_TYPE.sub]],
  );
  if (rows.some(isOwner)) throw new Warning('server.sso.owner_not_linked', { company: s.bu_name });
  const found = rows.find((r) => r.verified);
  if (!found && rows.length) throw new Warning('server.sso.email_unproven', { company: s.bu_name });
  return found?.guid;
};

/**
 * The BU account an IdP's answer signs in (docs/sso.md, "Accounts"): the one linked to this
 * issuer and subject before; else the sub-account that proved the address the IdP verified, linked
 * now; else, with just-in-time provisioning on, a new member and sub-account holding the BU's
 * default role. A main account or owner is signed in only through a link its holder made
 * (`self`). The IdP never writes an address, and the name only of accounts it created.
 */
export const accountFor = async (services: Services, s: SsoSettings, id: Identity) =>
  services.db.transaction(async (tx) => {
    const linked = await linkOf(tx, s, id);
    let guid: string | undefined = linked?.user_guid;
    let by: LinkedBy | undefined = linked?.linked_by;
    if (!guid && id.email) {
      guid = await byEmail(tx, s, id.email);
      by = 'email';
      if (guid) await link(tx, s, id, guid, by);
    }
    if (!guid) {
      if (!s.jit_enabled) throw new Warning('server.sso.not_provisioned', { company: s.bu_name });
      guid = await provision(tx, s, id);
      by = 'provisioned';
    }
    const user = (await tx.query<{ guid: string; username: string; status: number; user_type: number; is_owner: boolean }>(
      'select u.guid, u.username, u.status, u.user_type, ub.is_owner from users u join user_bu ub on ub.user_guid = u.guid and ub.bu_guid = $2 where u.guid = $1',
      [guid, s.bu_guid],
    )).rows[0];
    if (!user) throw new Warning('server.sso.account_deleted', { company: s.bu_name });
    if (isOwner(user) && by !== 'self') throw new Warning('server.sso.owner_not_linked', { company: s.bu_name });
    if (user.status === SUB_STATUS.toBeActivated) throw new Warning('server.account_not_activated');
    if (user.status !== SUB_STATUS.normal) throw new Warning('server.account_frozen');
    if (by === 'provisioned' && id.name) {
      await tx.query('update users set name = $2, updated_at = now() where guid = $1', [guid, id.name]);
      await tx.query('update member set name = $3, updated_at = now() where bu_guid = $1 and created_by = $2', [s.bu_guid, guid, id.name]);
    }
    return user;
  });

/** A new member and its sub-account in the BU, linked to the subject, with the BU's default role; its address is unproved here. */
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
  await link(tx, s, id, guid, 'provisioned');
  return guid;
};
