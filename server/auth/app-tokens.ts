import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/driver.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import type { CacheBus } from '../services/cache-bus.ts';

/** Asked for a token with less than this left, an app gets a new one (Lark's rule); both stay valid. */
export const RENEW_BELOW_SECONDS = 30 * 60;

export interface AppCaller {
  appGuid: string;
  appId: string;
  buGuid: string;
  tokenId: string;
  /** The app's IP whitelist (app security); empty admits every address. */
  ipWhitelist: string[];
  /** The scopes opened for the app; for a tenant token, those of them its buyer granted. */
  scopes: ReadonlySet<string>;
  /** The app's own BU, its provider (Lark's union_id is per provider); null for a platform store app. */
  providerBuGuid: string | null;
  /** A store app's tenant token: the buyer's key (then `buGuid` is the buyer's BU); null for an app token. */
  tenantKey: string | null;
  /** A person's OAuth token (server/oauth/user-tokens.ts): the app acts as this member of `buGuid`, with their permissions. */
  person?: import('./caller.ts').Caller;
}

/**
 * How long a verified token's app (status, whitelist, scopes) is kept in this process. Every write
 * that changes one of those calls `forget()`, which every instance hears at once
 * (server/services/cache-bus.ts); this time bounds it only while announcements cannot arrive.
 */
export const APP_CALLER_CACHE_MS = 5_000;
const CACHED = 10_000;

const TOKEN = /^t-([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * App access tokens: `t-<id>.<mac>`, the id a row of `app_token` (expiry, app) and the mac an
 * HMAC of it under a key kept in the database. The token itself is never stored, yet the same
 * token can be answered again while it has time left: it is recomputed from its row.
 */
export class AppTokens {
  private readonly cache = new Map<string, { caller: AppCaller; until: number }>();
  /** Counts drops: an app read before a drop is not cached after it. */
  private generation = 0;
  private bus: CacheBus | undefined;

  private constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  /** Drops every cached app on every instance: called after a write to an app's status, secret, security or scopes, or its BU's status, commits. */
  forget() {
    if (this.bus) this.bus.changed('app-callers');
    else this.drop();
  }

  private drop() {
    this.generation++;
    this.cache.clear();
  }

  /** Hears the other instances' changes (and says its own through it). */
  joinBus(bus: CacheBus) {
    this.bus = bus;
    bus.register('app-callers', () => this.drop());
  }

  static async open(db: Db) {
    await db.query('insert into server_secret (name, value) values ($1, $2) on conflict (name) do nothing', ['app-token', randomBytes(32).toString('base64url')]);
    const { rows } = await db.query<{ value: string }>('select value from server_secret where name = $1', ['app-token']);
    return new AppTokens(db, Buffer.from(rows[0].value, 'base64url'));
  }

  private mac(id: string) {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  /**
   * The app's live token when it has at least RENEW_BELOW_SECONDS left, else a new one lasting `ttl`:
   * an app token, or with `tenantBu` a store app's tenant token for that buyer.
   */
  async issue(appGuid: string, ttl: number, tenantBu: string | null = null) {
    const { rows } = await this.db.query<{ id: string; left: number }>(
      `select id, extract(epoch from expires_at - now())::int as left from app_token
       where app_guid = $1 and tenant_bu_guid is not distinct from $2 and expires_at > now() order by expires_at desc limit 1`,
      [appGuid, tenantBu],
    );
    const live = rows[0];
    if (live && live.left >= RENEW_BELOW_SECONDS) return { app_access_token: `t-${live.id}.${this.mac(live.id)}`, expire: live.left };
    const id = randomUUID();
    await this.db.query('insert into app_token (id, app_guid, tenant_bu_guid, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))', [id, appGuid, tenantBu, ttl]);
    return { app_access_token: `t-${id}.${this.mac(id)}`, expire: ttl };
  }

  /**
   * The app a live token belongs to; null for a malformed, forged or expired token, a disabled app,
   * or an app of a disabled BU. A tenant token acts in its buyer's BU with the scopes both open for
   * the app and granted by the buyer, and is null while the buyer has it stopped, once it is
   * uninstalled there, or while that BU is disabled.
   */
  async verify(token: string): Promise<AppCaller | null> {
    const m = TOKEN.exec(token);
    if (!m) return null;
    const [, id, mac] = m;
    const want = Buffer.from(this.mac(id));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    const now = Date.now();
    const hit = this.cache.get(id);
    if (hit && hit.until > now) return hit.caller;
    const generation = this.generation;
    const { rows } = await this.db.query<{ guid: string; app_id: string; bu_guid: string; provider_bu_guid: string | null; tenant_key: string | null; ip_whitelist: string[] | null; scopes: string[]; left_ms: number }>(
      `select a.guid, a.app_id, coalesce(t.tenant_bu_guid, a.bu_guid) as bu_guid, a.bu_guid as provider_bu_guid, i.tenant_key, s.ip_whitelist, extract(epoch from t.expires_at - now()) * 1000 as left_ms,
              array(select group_code from app_scope o where o.app_guid = a.guid and o.status = $2
                      and (t.tenant_bu_guid is null or coalesce(i.scopes, '[]'::jsonb) ? o.group_code)) as scopes
       from app_token t join app a on a.guid = t.app_guid
       left join app_security s on s.app_guid = a.guid
       left join bu b on b.guid = a.bu_guid
       left join installed_app i on i.app_guid = a.guid and i.bu_guid = t.tenant_bu_guid
       left join bu buyer on buyer.guid = t.tenant_bu_guid
       where t.id = $1 and t.expires_at > now() and a.status = 0 and (a.bu_guid is null or b.status = 0)
         and (t.tenant_bu_guid is null or (i.guid is not null and i.status = 0 and buyer.status = 0))`,
      [id, SCOPE.open],
    );
    const app = rows[0];
    if (!app) return null;
    const caller = { appGuid: app.guid, appId: app.app_id, buGuid: app.bu_guid, providerBuGuid: app.provider_bu_guid, tenantKey: app.tenant_key, tokenId: id, ipWhitelist: app.ip_whitelist ?? [], scopes: new Set(app.scopes) };
    if (generation !== this.generation) return caller;
    if (this.cache.size >= CACHED) this.cache.clear();
    // Never past the token's own expiry.
    this.cache.set(id, { caller, until: now + Math.min(APP_CALLER_CACHE_MS, Number(app.left_ms)) });
    return caller;
  }
}
