import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';

/** From "Sign in with your company" to the IdP's answer: 10 minutes; from that answer to the console: 2 minutes. */
export const FLOW_SECONDS = 600;
export const HANDOFF_SECONDS = 120;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const FLOW_CONTEXT = 'sso_flow';

/**
 * What a finished sign-in hands the console, or the refusal to show it (a sentence key and its
 * values); a flow in link mode hands the subject the IdP vouched for, linked only when the account
 * that started it collects it (server/sso/self-link.ts).
 */
export type Outcome =
  | { user_guid: string; username: string; hint: string }
  | { link: { issuer: string; subject: string } }
  | { error: string; params?: Record<string, unknown>; username?: string };

export interface Flow {
  guid: string;
  state: string;
  bu_guid: string;
  protocol: 'oidc' | 'saml';
  /** PKCE verifier and nonce (OIDC) or the AuthnRequest id (SAML), sealed at rest. */
  secrets: Record<string, string>;
  redirect: string | null;
  /** Link mode: the signed-in account that started it from its personal settings; null for a sign-in. */
  link_user: string | null;
}

/**
 * A sign-in through a BU's IdP (docs/sso.md, "How a company sign-in works"). The row binds the
 * round trip to the browser that started it twice over: the console keeps `binding` (answered by
 * `start`, in the tab's session storage) and the IdP's answer sets a cookie; finishing needs both,
 * so neither a stranger who started a flow and lured someone through the IdP, nor one who learnt
 * a flow's id, can take the session it ends in.
 */
export const startFlow = async (services: Services, f: Omit<Flow, 'guid' | 'state'>) => {
  const guid = randomUUID();
  const state = randomBytes(32).toString('base64url');
  const binding = randomBytes(32).toString('base64url');
  await services.db.query(
    `insert into sso_flow (guid, state, bu_guid, protocol, binding_hash, secrets, redirect, link_user_guid, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
    [guid, state, f.bu_guid, f.protocol, sha256(binding), services.sealer.seal(JSON.stringify(f.secrets), `${FLOW_CONTEXT}:${guid}`), f.redirect, f.link_user, FLOW_SECONDS],
  );
  // Old flows go as new ones come: nothing else needs them.
  await services.db.query(`delete from sso_flow where expires_at < now() - interval '1 day'`);
  return { guid, state, binding };
};

/** The flow an IdP's answer names by its state, taken once: a second answer with the same state finds none. */
export const takeFlow = async (services: Services, state: string | undefined, protocol: Flow['protocol']): Promise<Flow | null> => {
  if (!state) return null;
  const { rows } = await services.db.query<Omit<Flow, 'secrets'> & { secrets: string }>(
    `update sso_flow set answered_at = now() where state = $1 and protocol = $2 and answered_at is null and expires_at > now() returning guid, state, bu_guid, protocol, secrets, redirect, link_user_guid as link_user`,
    [state, protocol],
  );
  const row = rows[0];
  if (!row) return null;
  const secrets = services.sealer.open(row.secrets, `${FLOW_CONTEXT}:${row.guid}`);
  return { ...row, secrets: secrets ? JSON.parse(secrets) : {} };
};

/** Keeps the IdP's answer for the console to collect, and answers the cookie that proves which browser brought it. */
export const settleFlow = async (services: Services, guid: string, outcome: Outcome) => {
  const proof = randomBytes(32).toString('base64url');
  await services.db.query(`update sso_flow set outcome = $2, proof_hash = $3, expires_at = now() + make_interval(secs => $4) where guid = $1`, [guid, JSON.stringify(outcome), sha256(proof), HANDOFF_SECONDS]);
  return proof;
};

/**
 * The outcome of a settled flow, handed once to the browser holding both its binding and its
 * cookie: a sign-in's to `/open/sso/finish` (`linkUser` null), a link's only to the account that started it.
 */
export const handOff = async (services: Services, guid: string, binding: string, proof: string | undefined, linkUser: string | null = null) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid)) throw new Warning('server.sso.flow_lost');
  const { rows } = await services.db.query<{ bu_guid: string; protocol: Flow['protocol']; redirect: string | null; outcome: Outcome }>(
    `update sso_flow set handed_at = now() where guid = $1 and binding_hash = $2 and proof_hash = $3 and link_user_guid is not distinct from $4 and handed_at is null and expires_at > now() returning bu_guid, protocol, redirect, outcome`,
    [guid, sha256(binding), sha256(proof ?? ''), linkUser],
  );
  if (!rows[0]) throw new Warning('server.sso.flow_lost');
  return rows[0];
};
