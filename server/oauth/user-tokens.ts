import type { AppCaller } from '../auth/app-tokens.ts';
import { APP_CALLER_CACHE_MS } from '../auth/app-tokens.ts';
import type { Callers } from '../auth/caller.ts';
import type { Db } from '../db/driver.ts';
import type { CacheBus } from '../services/cache-bus.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import type { OAuth } from './service.ts';

const CACHED = 10_000;

/** The authorisation behind a token, with what the app may do in the person's BU. */
interface Behind {
  app_guid: string;
  app_id: string;
  provider_bu_guid: string | null;
  user_guid: string;
  bu_guid: string;
  tenant_key: string | null;
  ip_whitelist: string[] | null;
  scopes: string[];
}

/**
 * People's access tokens on the open API and Lark's dialect (docs/oauth.md "User tokens"). A token
 * acts as its person in the BU they consented in, with the scopes it carries that the app has open
 * there (a buyer's: those the buyer granted it) and, call by call, the permissions the person holds
 * (`person` on the caller: the engine's `authorize`). It stops once the authorisation is revoked,
 * the app or its OAuth is disabled, the person is frozen, deleted or leaves the BU, or either BU is
 * disabled; admitted callers are kept a few seconds and dropped on every instance with the app
 * and console callers (the `app-callers` and `callers` caches).
 */
export class UserTokens {
  private readonly cache = new Map<string, { caller: AppCaller; until: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly oauth: OAuth,
    private readonly callers: Callers,
    bus: CacheBus,
  ) {
    const drop = () => {
      this.generation++;
      this.cache.clear();
    };
    bus.register('app-callers', drop);
    bus.register('callers', drop);
  }

  async verify(token: string): Promise<AppCaller | null> {
    if (token.length < 20 || token.length > 128 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit.caller;
    const generation = this.generation;
    const provider = await this.oauth.provider();
    const access = await provider.AccessToken.find(token);
    if (!access || access.isExpired || !access.grantId || !access.accountId) return null;
    const { rows } = await this.db.query<Behind>(
      `select a.guid as app_guid, a.app_id, a.bu_guid as provider_bu_guid, x.user_guid, x.bu_guid, i.tenant_key, s.ip_whitelist,
              array(select group_code from app_scope o where o.app_guid = a.guid and o.status = $3
                      and (a.bu_guid = x.bu_guid or coalesce(i.scopes, '[]'::jsonb) ? o.group_code)) as scopes
         from app_authorisation x join app a on a.guid = x.app_guid
         left join app_security s on s.app_guid = a.guid
         left join bu maker on maker.guid = a.bu_guid
         join bu own on own.guid = x.bu_guid
         left join installed_app i on i.app_guid = a.guid and i.bu_guid = x.bu_guid
        where x.grant_id = $1 and x.user_guid::text = $2 and a.app_id = $4 and a.status = 0 and not coalesce(s.oauth_disabled, false)
          and (a.bu_guid is null or maker.status = 0) and own.status = 0
          and (a.bu_guid = x.bu_guid or (i.guid is not null and i.status = 0))`,
      [access.grantId, access.accountId, SCOPE.open, access.clientId],
    );
    const behind = rows[0];
    if (!behind) return null;
    const exp = access.exp ?? Math.floor(now / 1000);
    const person = await this.callers.person(behind.user_guid, behind.bu_guid, access.jti, exp);
    if (!person) return null;
    const carried = new Set(String(access.scope ?? '').split(' '));
    const caller: AppCaller = {
      appGuid: behind.app_guid, appId: behind.app_id, buGuid: behind.bu_guid, providerBuGuid: behind.provider_bu_guid, tenantKey: behind.tenant_key, tokenId: access.jti,
      ipWhitelist: behind.ip_whitelist ?? [], scopes: new Set(behind.scopes.filter((s) => carried.has(s))), person,
    };
    await this.db.query(
      "update app_authorisation set last_used_at = now() where grant_id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')",
      [access.grantId],
    );
    if (generation !== this.generation) return caller;
    if (this.cache.size >= CACHED) this.cache.clear();
    this.cache.set(token, { caller, until: now + Math.min(APP_CALLER_CACHE_MS, exp * 1000 - now) });
    return caller;
  }
}
