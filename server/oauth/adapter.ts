import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/driver.ts';
import { clientOf } from './clients.ts';
import { revokeGrant } from './grants.ts';

/** Removing one of these ends a person's access: the instances' admitted user tokens are dropped (`revoked`). */
const ENDS_ACCESS = new Set(['AccessToken', 'RefreshToken', 'Grant']);

/**
 * oidc-provider's storage in the platform's database (table `oidc_model`, migration 30): codes,
 * tokens, grants, sessions and interactions, one row each, so every instance sees what another
 * issued or revoked. Clients are not stored here: they are the platform's apps (`clientOf`).
 */
export const adapterFor = (db: Db, publicUrl: string, revoked: () => void) => {
  const revokeWhole = async (grantId: string) => {
    await revokeWholeIn(db, grantId);
    revoked();
  };
  return class DbAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      await db.query(
        `insert into oidc_model (kind, id, payload, grant_id, uid, user_code, expires_at)
         values ($1, $2, $3, $4, $5, $6, case when $7::int > 0 then now() + make_interval(secs => $7::int) end)
         on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
           user_code = excluded.user_code, expires_at = excluded.expires_at`,
        [this.kind, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, payload.userCode ?? null, expiresIn ?? 0],
      );
    }

    private async one(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client') return column === 'id' ? clientOf(db, value, publicUrl) : undefined;
      const { rows } = await db.query<{ payload: AdapterPayload; consumed: number | null }>(
        `select payload, extract(epoch from consumed_at)::int as consumed from oidc_model
          where kind = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
        [this.kind, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed ? { ...row.payload, consumed: row.consumed } : row.payload;
    }

    find(id: string) {
      return this.one('id', id);
    }

    findByUid(uid: string) {
      return this.one('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.one('user_code', userCode);
    }

    /**
     * Marks a code or refresh token used, once: a second request that read it unused before this
     * write (on this instance or another) loses, as a reuse does: the grant ends and it is refused.
     */
    async consume(id: string) {
      const { rows } = await db.query('update oidc_model set consumed_at = now() where kind = $1 and id = $2 and consumed_at is null returning grant_id', [this.kind, id]);
      if (rows.length) return;
      const { rows: used } = await db.query<{ grant_id: string | null }>('select grant_id from oidc_model where kind = $1 and id = $2', [this.kind, id]);
      if (used[0]?.grant_id) await revokeWhole(used[0].grant_id);
      // Only the provider consumes, so its library is loaded by now; this module is also the hourly prune's, which must not load it.
      const { errors } = await import('oidc-provider');
      throw new errors.InvalidGrant('grant request is invalid');
    }

    /** A grant the provider ends (a reused refresh token, a revoked one) takes the person's authorisation with it, so nothing is remembered of it. */
    async destroy(id: string) {
      await db.query('delete from oidc_model where kind = $1 and id = $2', [this.kind, id]);
      if (this.kind === 'Grant') await db.query('delete from app_authorisation where grant_id = $1', [id]);
      if (ENDS_ACCESS.has(this.kind)) revoked();
    }

    async revokeByGrantId(grantId: string) {
      await db.query('delete from oidc_model where kind = $1 and grant_id = $2', [this.kind, grantId]);
      revoked();
    }
  };
};

/** A grant and everything issued under it, with the person's authorisation (a lost race for a code or refresh token). */
const revokeWholeIn = async (db: Db, grantId: string) => {
  await revokeGrant(db, grantId);
  await db.query('delete from app_authorisation where grant_id = $1', [grantId]);
};

/** Rows past their end go hourly (the adapter never answers them meanwhile). */
export const pruneOidcModels = (db: Db) => db.query('delete from oidc_model where expires_at < now()');
