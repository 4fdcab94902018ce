import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/driver.ts';

/** A key signs for this long before a newer one is made; it stays published for `PUBLISHED_AFTER_MS` more, so tokens it signed still verify. */
export const KEY_SIGNS_MS = 30 * 86_400_000;
const PUBLISHED_AFTER_MS = 2 * 86_400_000;

/**
 * The provider's signing keys (RS256), in the database so every instance signs and publishes the
 * same set (table `oauth_key`). `rotateKeys` makes a new key once the newest is older than
 * KEY_SIGNS_MS, and retires a key `PUBLISHED_AFTER_MS` after its successor came (no token it signed
 * lives that long); the newest signs, every kept key is in the JWKS. It answers whether the set
 * changed; an instance reloads the set when it did (`keySetVersion`).
 */
export const rotateKeys = async (db: Db) =>
  db.exclusive(async () => {
    // Keys whose successor signs for long enough that no token they signed is still alive.
    const { rows: gone } = await db.query(
      'delete from oauth_key k where exists (select 1 from oauth_key n where n.created_at > k.created_at and n.created_at < now() - make_interval(secs => $1::int)) returning kid',
      [PUBLISHED_AFTER_MS / 1000],
    );
    const { rows } = await db.query<{ young: boolean }>(
      'select created_at > now() - make_interval(secs => $1::int) as young from oauth_key order by created_at desc limit 1',
      [KEY_SIGNS_MS / 1000],
    );
    if (rows[0]?.young) return gone.length > 0;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    await db.query('insert into oauth_key (kid, jwk) values ($1, $2)', [jwk.kid, JSON.stringify(jwk)]);
    return true;
  });

/** The keys, newest (the signing one) first. */
export const loadKeys = async (db: Db): Promise<JWK[]> => {
  const { rows } = await db.query<{ jwk: JWK }>('select jwk from oauth_key order by created_at desc');
  return rows.map((r) => r.jwk);
};

/** Which key set is current: a change makes an instance build its provider again. */
export const keySetVersion = async (db: Db) => {
  const { rows } = await db.query<{ v: string | null }>("select string_agg(kid, ',' order by created_at) as v from oauth_key");
  return rows[0]?.v ?? '';
};

/** The secret the provider signs its cookies with, shared by every instance. */
export const cookieKey = async (db: Db) => {
  await db.query('insert into server_secret (name, value) values ($1, $2) on conflict (name) do nothing', ['oidc-cookies', randomUUID() + randomUUID()]);
  const { rows } = await db.query<{ value: string }>('select value from server_secret where name = $1', ['oidc-cookies']);
  return rows[0].value;
};
