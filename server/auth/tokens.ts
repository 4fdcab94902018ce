import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/driver.ts';

export interface TokenClaims {
  sub: string;
  jti: string;
  buGuid: string | null;
  userType: number;
  exp: number;
}

/** Default token validity; a BU's login policy may set its own (issue: tenant identity). */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 3600;

/** Signs and checks tokens. The key lives in the database so every instance shares it. */
export class Tokens {
  private constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
  ) {}

  static async open(db: Db) {
    const fresh = randomBytes(32).toString('base64url');
    await db.query('insert into server_secret (name, value) values ($1, $2) on conflict (name) do nothing', ['jwt', fresh]);
    const { rows } = await db.query<{ value: string }>('select value from server_secret where name = $1', ['jwt']);
    return new Tokens(db, Buffer.from(rows[0].value, 'base64url'));
  }

  async issue(user: { guid: string; user_type: number }, buGuid: string | null, ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS) {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    await this.db.query('insert into session (jti, user_guid, bu_guid, expires_at) values ($1, $2, $3, to_timestamp($4))', [jti, user.guid, buGuid, exp]);
    const token = await new SignJWT({ buGuid, userType: user.user_type })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.guid)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, exp };
  }

  /** The claims of a well-formed, unexpired token signed by us; null otherwise. Revocation is checked by the caller. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      return { sub: payload.sub, jti: payload.jti, buGuid: (payload.buGuid as string | null) ?? null, userType: Number(payload.userType), exp: payload.exp };
    } catch {
      return null;
    }
  }

  async revoke(jti: string) {
    await this.db.query('update session set revoked_at = now() where jti = $1 and revoked_at is null', [jti]);
  }

  async revokeUser(userGuid: string) {
    await this.db.query('update session set revoked_at = now() where user_guid = $1 and revoked_at is null', [userGuid]);
  }
}
