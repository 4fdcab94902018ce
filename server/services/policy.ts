import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { translate, type Lang } from '../../i18n/index.ts';
import { passwordPolicySchema, safePolicySchema } from '../../schemas/sso.ts';
import { password as defaultPassword } from '../../schemas/common.ts';
import { DEFAULT_TOKEN_TTL_SECONDS } from '../auth/tokens.ts';
import type { ThrottlePolicy } from '../auth/throttle.ts';
import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';

type PasswordPolicy = ReturnType<typeof passwordPolicySchema.parse>;
type SafePolicy = ReturnType<typeof safePolicySchema.parse>;

export const passwordPolicyOf = async (db: Queryable, buGuid: string | null): Promise<PasswordPolicy | null> => {
  if (!buGuid) return null;
  const { rows } = await db.query<PasswordPolicy>('select min_length, require_digit, require_upper, require_lower, require_special from password_policy where bu_guid = $1', [buGuid]);
  return rows[0] ?? null;
};

export const safePolicyOf = async (db: Queryable, buGuid: string | null): Promise<SafePolicy | null> => {
  if (!buGuid) return null;
  const { rows } = await db.query<SafePolicy>('select login_error_limit, cycle_seconds, cycles, token_validity_seconds, ip_whitelist from safe_policy where bu_guid = $1', [buGuid]);
  return rows[0] ?? null;
};

/**
 * A new password against the BU's policy; without one, the product's rule (8 to 16 characters
 * with a letter and a digit). The refusal names every requirement in one sentence.
 */
export const checkPassword = (lang: Lang, policy: PasswordPolicy | null, plain: string, field = 'password') => {
  if (!policy) {
    parseOrWarn(lang, defaultPassword(), plain);
    return;
  }
  const needs: [boolean, string][] = [
    [policy.require_digit, 'digit'],
    [policy.require_upper, 'upper'],
    [policy.require_lower, 'lower'],
    [policy.require_special, 'special'],
  ];
  const ok =
    plain.length >= policy.min_length && plain.length <= 64 &&
    (!policy.require_digit || /\d/.test(plain)) &&
    (!policy.require_upper || /[A-Z]/.test(plain)) &&
    (!policy.require_lower || /[a-z]/.test(plain)) &&
    (!policy.require_special || /[^A-Za-z0-9]/.test(plain));
  if (ok) return;
  const parts = needs.filter(([on]) => on).map(([, k]) => translate(lang, `server.password_needs.${k}`));
  const details = translate(lang, parts.length ? 'server.password_policy' : 'server.password_policy_length', {
    min: policy.min_length,
    parts: parts.join(lang === 'en' ? ', ' : '、'),
  });
  throw new Warning('server.validation_failed', { details }, [{ field, message: details }]);
};

/** The two passwords of a form must match. */
export const checkConfirm = (lang: Lang, input: { password: string; confirm_password?: string }) => {
  if (input.confirm_password !== undefined && input.confirm_password !== input.password) {
    const message = translate(lang, 'validation.passwords_differ');
    throw new Warning('server.validation_failed', { details: message }, [{ field: 'confirm_password', message }]);
  }
};

/** Lockout of a BU's login policy: `limit` wrong passwords within a cycle lock the username for `cycles` cycles. */
export const throttleOf = (policy: SafePolicy | null): ThrottlePolicy | undefined =>
  policy ? { limit: policy.login_error_limit, windowSeconds: policy.cycle_seconds, lockSeconds: policy.cycle_seconds * policy.cycles } : undefined;

export const tokenTtlOf = (policy: SafePolicy | null) => policy?.token_validity_seconds ?? DEFAULT_TOKEN_TTL_SECONDS;

/* IP whitelist ------------------------------------------------------------------------------- */

/** How long a BU's whitelist is trusted while changes cannot be heard (server/services/cache-bus.ts drops it at once otherwise). */
const WHITELIST_CACHE_MS = 5000;
const whitelistCache = new Map<string, { list: BlockList | null; until: number }>();
/**
 * The reads under way, one a BU: when a list's time is up, every call of that BU then waiting
 * shares one read rather than each making its own (64 at once queued behind one another in the
 * database, and other BUs' reads behind them).
 */
const whitelistReads = new Map<string, Promise<BlockList | null>>();
/** Counts drops: a list read before a drop is not cached after it. */
let whitelistGeneration = 0;
export const dropWhitelists = () => {
  whitelistGeneration++;
  whitelistCache.clear();
  whitelistReads.clear();
};

const blockListOf = (entries: string[]): BlockList | null => {
  if (!entries.length) return null;
  const list = new BlockList();
  for (const e of entries) {
    const [addr, bits] = e.split('/');
    const type = isIPv4(addr) ? 'ipv4' : 'ipv6';
    if (bits !== undefined) list.addSubnet(addr, Number(bits), type);
    else list.addAddress(addr, type);
  }
  return list;
};

/** Whether a list of entries admits `ip` (an empty list admits every address). */
export const listAdmits = (entries: string[], ip: string) => check(blockListOf(entries), ip);

const check = (list: BlockList | null, ip: string) => {
  if (!list) return true;
  const addr = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  if (isIPv4(addr)) return list.check(addr, 'ipv4');
  if (isIPv6(addr)) return list.check(addr, 'ipv6');
  return false;
};

/** True when the BU has no whitelist or `ip` is on it (IPv4-mapped IPv6 addresses count as IPv4). */
export const ipAllowed = async (db: Queryable, buGuid: string, ip: string) => {
  const now = Date.now();
  const hit = whitelistCache.get(buGuid);
  if (hit && hit.until >= now) return check(hit.list, ip);
  let read = whitelistReads.get(buGuid);
  if (!read) {
    const generation = whitelistGeneration;
    read = safePolicyOf(db, buGuid).then((policy) => {
      const list = blockListOf(policy?.ip_whitelist ?? []);
      if (whitelistCache.size > 10_000) whitelistCache.clear();
      if (generation === whitelistGeneration) whitelistCache.set(buGuid, { list, until: now + WHITELIST_CACHE_MS });
      return list;
    });
    whitelistReads.set(buGuid, read);
    const done = () => whitelistReads.get(buGuid) === read && whitelistReads.delete(buGuid);
    read.then(done, done);
  }
  return check(await read, ip);
};

export const assertIpAllowed = async (db: Queryable, buGuid: string, ip: string) => {
  if (!(await ipAllowed(db, buGuid, ip))) throw new Warning('server.ip_not_allowed', { ip });
};
