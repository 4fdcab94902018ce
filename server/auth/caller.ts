import type { Db } from '../db/driver.ts';
import { unauthorized } from '../http/envelope.ts';
import type { Tokens } from './tokens.ts';
import type { CacheBus } from '../services/cache-bus.ts';

export const USER_TYPE = { operator: 0, main: 1, sub: 2 } as const;

/** The console whose permission nodes a caller's roles grant. */
export const consoleOf = (caller: Caller) => (caller.userType === USER_TYPE.operator ? 'admin' : 'tenant');

/**
 * Whether the caller holds a permission code of a console (by default the one its prefix names:
 * the definitions' operator codes start with `admin:`). A super — a super management role, or a
 * BU's owner — holds every code of its own console and none of the other's.
 */
export const holds = (caller: Caller, code: string, scene: string = code.startsWith('admin:') ? 'admin' : 'tenant') =>
  scene === consoleOf(caller) && (caller.isSuper || caller.codes.has(code));

/** Who is calling, resolved once per request from the bearer token. */
export interface Caller {
  userGuid: string;
  /** The account's username when the session was read (the audit logs name it); an app acting as its BU: its `app_id`. */
  username: string | null;
  userType: number;
  buGuid: string | null;
  jti: string;
  exp: number;
  /** Holds every permission of its console (super management role, or owner of the BU). */
  isSuper: boolean;
  codes: ReadonlySet<string>;
  /** The enabled roles it holds in its console (a BU's, for a tenant): who a published column set or view reaches. */
  roleGuids: readonly string[];
  /** The app acting as its BU through the open API (server/routes/open-api.ts `asBu`); absent for an account. */
  appGuid?: string;
}

/**
 * Session validity and permission codes cached per token for a few seconds: a primary-key page
 * would otherwise cost three queries. A change on any instance drops it on every instance at once
 * (server/services/cache-bus.ts); CACHE_MS bounds it only while announcements cannot arrive.
 */
const CACHE_MS = 5000;

export class Callers {
  private cache = new Map<string, { caller: Caller; until: number }>();
  /** Counts drops: a caller read before a drop is not cached after it. */
  private generation = 0;
  /** Reads under way, by token. */
  private readonly reading = new Map<string, Promise<Caller>>();

  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    private readonly bus: CacheBus,
  ) {
    bus.register('callers', () => {
      this.generation++;
      this.cache.clear();
      // A request after the drop reads afresh, never joining a read begun before it.
      this.reading.clear();
    });
  }

  /** After a change to sessions, accounts, memberships, roles, grants or a BU's status has committed: every instance forgets. */
  invalidate() {
    this.bus.changed('callers');
  }

  /** Resolves the Authorization header; null when there is none, throws 401 when it is bad. */
  async resolve(header: string | undefined): Promise<Caller | null> {
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    const token = match[1];
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now && hit.caller.exp * 1000 > now) return hit.caller;
    // Requests of one token arriving while it is read share that read: a burst costs one look-up, not one each.
    let reading = this.reading.get(token);
    if (!reading) {
      const mine: Promise<Caller> = this.read(token, now).finally(() => this.reading.get(token) === mine && this.reading.delete(token));
      reading = mine;
      this.reading.set(token, reading);
    }
    return reading;
  }

  /** Reads a token's caller afresh and caches it, unless a drop came meanwhile. */
  private async read(token: string, now: number): Promise<Caller> {
    const claims = await this.tokens.verify(token);
    if (!claims) throw unauthorized();
    const generation = this.generation;
    const caller = await this.load(claims.sub, claims.jti, claims.buGuid, claims.exp);
    if (!caller) throw unauthorized();
    if (generation !== this.generation) return caller;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(token, { caller, until: now + CACHE_MS });
    return caller;
  }

  private async load(userGuid: string, jti: string, buGuid: string | null, exp: number): Promise<Caller | null> {
    const { rows } = await this.db.query<{ username: string; user_type: number; status: number; role_guids: string[]; revoked: boolean }>(
      `select u.username, u.user_type, u.status, u.role_guids, (s.revoked_at is not null or s.expires_at < now()) as revoked
         from session s join users u on u.guid = s.user_guid
        where s.jti = $1 and s.user_guid = $2`,
      [jti, userGuid],
    );
    const row = rows[0];
    if (!row || row.revoked || row.status !== 0) return null;
    const base = { userGuid, username: row.username, userType: row.user_type, buGuid, jti, exp };
    if (row.user_type === USER_TYPE.operator) {
      const roles = row.role_guids ?? [];
      return { ...base, buGuid: null, ...(await this.grants(roles, 'admin')) };
    }
    if (!buGuid) return { ...base, isSuper: false, codes: new Set(), roleGuids: [] };
    return this.inBu(base, buGuid);
  }

  /**
   * An enabled tenant account as a member of `buGuid`, with what its roles there grant: the caller
   * behind a person's OAuth token (server/oauth/user-tokens.ts). Null for a frozen account, an
   * operator, or one no longer in the BU; a disabled BU refuses with its sentence.
   */
  async person(userGuid: string, buGuid: string, jti: string, exp: number): Promise<Caller | null> {
    const { rows } = await this.db.query<{ username: string; user_type: number }>('select username, user_type from users where guid = $1 and status = 0', [userGuid]);
    const row = rows[0];
    if (!row || row.user_type === USER_TYPE.operator) return null;
    return this.inBu({ userGuid, username: row.username, userType: row.user_type, buGuid, jti, exp }, buGuid);
  }

  private async inBu(base: Omit<Caller, 'isSuper' | 'codes' | 'roleGuids'>, buGuid: string): Promise<Caller | null> {
    const { userGuid } = base;
    const member = await this.db.query<{ is_owner: boolean; role_guids: string[]; bu_status: number | null }>(
      'select ub.is_owner, ub.role_guids, b.status as bu_status from user_bu ub left join bu b on b.guid = ub.bu_guid where ub.user_guid = $1 and ub.bu_guid = $2',
      [userGuid, buGuid],
    );
    const m = member.rows[0];
    if (!m) return null;
    // A disabled BU ends its sessions at once: every token carrying it is refused with a sentence saying why.
    if (m.bu_status !== null && m.bu_status !== 0) throw unauthorized('server.bu_disabled_session');
    if (m.is_owner) return { ...base, ...(await this.grants(m.role_guids ?? [], 'tenant', buGuid)), isSuper: true };
    return { ...base, ...(await this.grants(m.role_guids ?? [], 'tenant', buGuid)) };
  }

  private async grants(roleGuids: string[], scene: 'admin' | 'tenant', buGuid: string | null = null) {
    if (roleGuids.length === 0) return { isSuper: false, codes: new Set<string>(), roleGuids: [] };
    const roles = await this.db.query<{ guid: string; type: number }>(
      'select guid, type from role where guid = any($1::uuid[]) and status = 0 and bu_guid is not distinct from $2',
      [roleGuids, buGuid],
    );
    const held = roles.rows.map((r) => r.guid);
    if (roles.rows.some((r) => r.type === 0)) return { isSuper: true, codes: new Set<string>(), roleGuids: held };
    if (roles.rows.length === 0) return { isSuper: false, codes: new Set<string>(), roleGuids: held };
    const codes = await this.db.query<{ code: string }>(
      `select distinct p.code from role_permission rp join permission p on p.guid = rp.permission_guid
        where rp.role_guid = any($1::uuid[]) and p.status = 0 and p.scene = $2`,
      [roles.rows.map((r) => r.guid), scene],
    );
    return { isSuper: false, codes: new Set(codes.rows.map((r) => r.code)), roleGuids: held };
  }
}
