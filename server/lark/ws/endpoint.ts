import type { FastifyInstance } from 'fastify';
import { translate } from '../../../i18n/index.ts';
import { appAuthBlockedFor, appAuthFailed } from '../../auth/app-auth-failures.ts';
import type { Services } from '../../engine/context.ts';
import { holdsNul } from '../../http/calls.ts';
import { larkLangOf } from '../language.ts';
import { secretMatches } from '../../services/app-credentials.ts';
import { listAdmits } from '../../services/policy.ts';
import { CLIENT_CONFIG, CONNECTIONS_PER_APP, LongConnections, SERVICE_ID, WS_PATH } from './connections.ts';
import { Tickets } from './tickets.ts';

/**
 * The SDK's codes (node-sdk's WSClient `ErrorCode`): any but 0 stops its start for good, except
 * `internal_error`, after which it tries again. `data` is always an object: the SDK destructures
 * it before it reads the code.
 */
export const WS_CODE = { ok: 0, forbidden: 403, auth_failed: 514, internal_error: 1000040343, exceed_conn_limit: 1000040350 } as const;

/** The connection URL's origin: PUBLIC_URL's, as ws or wss; never a request's Host. */
const wsOrigin = (publicUrl: string) => publicUrl.replace(/^http/, 'ws');

/**
 * Lark's long connection on this server (docs/events.md, "Delivery modes"): `POST
 * /callback/ws/endpoint` with `{ AppID, AppSecret }` checks them as the token call does (same
 * lockouts, IP whitelist) and answers a connection URL carrying a one-use ticket, with the
 * client's settings; the URL is a WebSocket on this server (server/lark/ws/connections.ts), and
 * the delivery worker sends the app's events there.
 */
export const mountLongConnections = (app: FastifyInstance, services: Services) => {
  const tickets = new Tickets(services.db, services.counters);
  const hub = new LongConnections(tickets, services.db, () => services.events.kick(), (fields) => app.log.warn(fields, 'long connection closed'));
  services.events.long = hub;
  hub.attach(app.server);
  // Whatever changes an app's standing announces `app-callers`, on every instance.
  services.caches.register('app-callers', () => hub.recheck());
  // The clients reconnect (to another instance when there is one); what was unacknowledged is retried.
  app.addHook('preClose', async () => hub.close());

  app.post('/callback/ws/endpoint', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) => {
    const lang = larkLangOf(req);
    const refuse = (code: number, key: string, params: Record<string, unknown> = {}) => ({ code, msg: translate(lang, key, params), data: {} });
    const body = (req.body ?? {}) as { AppID?: unknown; AppSecret?: unknown };
    // The platform's input hygiene (server/http/calls.ts): no app ID holds a NUL, which PostgreSQL cannot store.
    if (holdsNul(body)) return refuse(WS_CODE.auth_failed, 'server.nul_character');
    const appId = typeof body.AppID === 'string' ? body.AppID.slice(0, 64) : '';
    const secret = typeof body.AppSecret === 'string' ? body.AppSecret : '';
    const wait = await appAuthBlockedFor(services.counters, appId, req.ip);
    if (wait) return refuse(WS_CODE.auth_failed, 'server.app_auth_throttled', { minutes: wait });
    const { rows } = await services.db.query<{ guid: string; app_secret: string; status: number; ip_whitelist: string[] | null; bu_enabled: boolean; mode: string | null }>(
      `select a.guid, a.app_secret, a.status, s.ip_whitelist, (a.bu_guid is null or b.status = 0) as bu_enabled, c.delivery_mode as mode
         from app a left join app_security s on s.app_guid = a.guid left join bu b on b.guid = a.bu_guid left join event_config c on c.app_guid = a.guid
        where a.app_id = $1`,
      [appId],
    );
    const found = rows[0];
    if (!found || found.status !== 0 || !secret || !secretMatches(secret, found.app_secret)) {
      await appAuthFailed(services.counters, appId, req.ip);
      return refuse(WS_CODE.auth_failed, 'server.app_credentials_invalid');
    }
    if (!found.bu_enabled) return refuse(WS_CODE.forbidden, 'server.app_bu_disabled');
    if (found.ip_whitelist?.length && !listAdmits(found.ip_whitelist, req.ip)) return refuse(WS_CODE.forbidden, 'server.app_ip_refused', { ip: req.ip });
    if (found.mode !== 'long_connection') return refuse(WS_CODE.forbidden, 'server.long_connection_off');
    if (hub.count(found.guid) >= CONNECTIONS_PER_APP) return refuse(WS_CODE.exceed_conn_limit, 'server.long_connection_limit', { max: CONNECTIONS_PER_APP });
    const ticket = await tickets.issue(found.guid, found.app_secret);
    const url = `${wsOrigin(services.publicUrl)}${WS_PATH}?ticket=${ticket}&device_id=${req.id}&service_id=${SERVICE_ID}`;
    return { code: WS_CODE.ok, msg: 'ok', data: { URL: url, ClientConfig: CLIENT_CONFIG } };
  });
};
