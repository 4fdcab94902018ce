import type { Services } from '../engine/context.ts';
import { resendTicket, ticketHolds } from '../events/app-ticket.ts';
import { STORE_APP_TYPE } from '../../schemas/app.ts';
import { Warning } from '../http/envelope.ts';
import { appAuthBlockedFor, appAuthFailed } from './app-auth-failures.ts';
import { secretMatches } from '../services/app-credentials.ts';
import { listAdmits } from '../services/policy.ts';

/**
 * The token calls apps make, in both dialects (this API's /open/api/auth/…, and Lark's in
 * server/lark/tokens.ts): one lockout, one set of checks, one token store (server/auth/app-tokens.ts).
 */
type Credentials = { app_id: string; app_secret: string };

/** An app with an IP whitelist (its security page) is served only from those addresses. */
export const refuseOutsideWhitelist = (whitelist: string[], ip: string) => {
  if (whitelist.length && !listAdmits(whitelist, ip)) throw new Warning('server.app_ip_refused', { ip });
};

/**
 * A token for `app_id` and `app_secret` asked from `ip`: the lockout, the checks and the one token
 * store of every token call, whichever dialect asks (this API's, and Lark's in server/lark/).
 */
export const issueAppToken = async (services: Services, credentials: Credentials, ip: string) => {
  const app = await appByCredentials(services, credentials, ip);
  return services.appTokens.issue(app.guid, app.token_ttl);
};

/**
 * The app an id and secret asked from `ip` name: the lockout, the checks (the app and its BU
 * enabled, the IP whitelist) of every call an app makes with its secret.
 */
export const appByCredentials = async (services: Services, { app_id, app_secret }: Credentials, ip: string) => {
  const wait = await appAuthBlockedFor(services.counters, app_id, ip);
  if (wait) throw new Warning('server.app_auth_throttled', { minutes: wait });
  const { rows } = await services.db.query<{ guid: string; type: number; app_secret: string; status: number; token_ttl: number; ip_whitelist: string[] | null; bu_enabled: boolean }>(
    `select a.guid, a.type, a.app_secret, a.status, a.token_ttl, s.ip_whitelist, (a.bu_guid is null or b.status = 0) as bu_enabled
       from app a left join app_security s on s.app_guid = a.guid left join bu b on b.guid = a.bu_guid where a.app_id = $1`,
    [app_id],
  );
  const found = rows[0];
  // Neither half is named: a wrong id, a wrong secret and a disabled app read the same.
  if (!found || found.status !== 0 || !secretMatches(app_secret, found.app_secret)) {
    await appAuthFailed(services.counters, app_id, ip);
    throw new Warning('server.app_credentials_invalid');
  }
  // Only a caller holding the secret learns that the BU is disabled; its apps get no token until it is enabled.
  if (!found.bu_enabled) throw new Warning('server.app_bu_disabled');
  refuseOutsideWhitelist(found.ip_whitelist ?? [], ip);
  return found;
};

/**
 * A store app's tokens, Lark's ISV flow (docs/lark.md, "Store apps"): the app asks for its ticket
 * to be pushed, buys an app token with its id, secret and that ticket, and trades the app token and
 * a buyer's tenant key for a tenant token acting in that buyer's BU.
 */
const storeApp = async (services: Services, credentials: Credentials, ip: string) => {
  const app = await appByCredentials(services, credentials, ip);
  if (app.type !== STORE_APP_TYPE) throw new Warning('server.app_not_store');
  return app;
};

/** The app's current ticket pushed to its endpoint again, within seconds. */
export const resendAppTicket = async (services: Services, credentials: Credentials, ip: string) => {
  const app = await storeApp(services, credentials, ip);
  const event_id = await resendTicket(services.db, app.guid);
  if (!event_id) throw new Warning('server.app_ticket_no_endpoint');
  services.events.kick();
  return { event_id };
};

/** A store app's app token: good for tenant tokens, and for calls into its own BU when a BU made it. */
export const storeAppToken = async (services: Services, { app_ticket, ...credentials }: Credentials & { app_ticket: string }, ip: string) => {
  const app = await storeApp(services, credentials, ip);
  if (!(await ticketHolds(services.db, app.guid, app_ticket))) throw new Warning('server.app_ticket_invalid');
  return services.appTokens.issue(app.guid, app.token_ttl);
};

/** A tenant token for the buyer whose installation has `tenant_key`, bought with the store app's own app token. */
export const tenantToken = async (services: Services, { app_access_token, tenant_key }: { app_access_token: string; tenant_key: string }, ip: string) => {
  const app = await services.appTokens.verify(app_access_token);
  // A tenant token buys no other tenant's.
  if (!app || app.tenantKey) throw new Warning('server.app_token_invalid');
  refuseOutsideWhitelist(app.ipWhitelist, ip);
  const { rows } = await services.db.query<{ bu_guid: string; token_ttl: number }>(
    `select i.bu_guid, a.token_ttl from installed_app i join app a on a.guid = i.app_guid join bu b on b.guid = i.bu_guid
      where i.app_guid = $1 and i.tenant_key = $2 and i.status = 0 and a.type = $3 and b.status = 0`,
    [app.appGuid, tenant_key, STORE_APP_TYPE],
  );
  if (!rows[0]) throw new Warning('server.tenant_key_invalid');
  return services.appTokens.issue(app.appGuid, rows[0].token_ttl, rows[0].bu_guid);
};
