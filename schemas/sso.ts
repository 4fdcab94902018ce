import { z } from 'zod';
import { text, url } from './common.ts';
import { ipEntry } from './tenant-common.ts';

const int = (min: number, max: number, fallback: number) =>
  z.number({ error: 'validation.invalid_type' }).int('validation.integer').min(min, 'validation.range').max(max, 'validation.range').default(fallback);

/** A BU's password policy: applied to every password set or reset of its accounts. */
export const passwordPolicySchema = z.object({
  min_length: int(6, 64, 8),
  require_digit: z.boolean().default(true),
  require_upper: z.boolean().default(false),
  require_lower: z.boolean().default(false),
  require_special: z.boolean().default(false),
  /** Months after which a password should be changed; 0 never. */
  change_period_months: int(0, 120, 0),
  /** Days before that deadline to remind; 0 never. */
  remind_days: int(0, 365, 0),
});

/** Login policy and IP whitelist of a BU. */
export const safePolicySchema = z.object({
  /** Wrong passwords allowed within one cycle. */
  login_error_limit: int(1, 100, 5),
  cycle_seconds: int(60, 86_400, 900),
  /** The lock lasts this many cycles. */
  cycles: int(1, 100, 1),
  /** Lifetime of tokens issued for this BU. */
  token_validity_seconds: int(300, 2_592_000, 28_800),
  /** Addresses or CIDR blocks allowed to call with this BU's tokens; empty = anywhere. */
  ip_whitelist: z.array(ipEntry()).max(200, 'validation.too_many').default([]),
});

export const LOGIN_TYPES = ['password', 'email_code', 'sso'] as const;

/** SSO settings of a BU. */
export const authConfigSchema = z.object({
  sso_enabled: z.boolean().default(false),
  protocol: z.enum(['oidc', 'saml', 'cas'], { error: 'validation.invalid_option' }).default('oidc'),
  issuer_url: url().optional(),
  client_id: text(200).optional(),
  client_secret: text(500).optional(),
  redirect_url: url().optional(),
  login_types: z.array(z.enum(LOGIN_TYPES, { error: 'validation.invalid_option' })).min(1, 'validation.required').max(3).default(['password']),
});
