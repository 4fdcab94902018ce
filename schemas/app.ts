import { z } from 'zod';
import { codes, enabledStatus, guid, image, name30, secretHash, text, webUrl } from './common.ts';
import { IMAGE_RULES } from './image.ts';
import { ipEntry } from './tenant-common.ts';

/** App code: letters, digits and hyphen, max 32 (spec §5). */
export const appCode = () =>
  z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32').regex(/^[A-Za-z0-9-]+$/, 'validation.app_code_format');

/** An app's `type` for a store app: one many BUs install, acting for each (docs/lark.md, "Store apps"). */
export const STORE_APP_TYPE = 0;

/** An app of a BU (spec §3): what its developer edits. */
export const appSchema = z.object({
  name: name30(),
  code: appCode(),
  /** 0 store, 1 self-built, 2 company-built. */
  type: codes(0, 1, 2).default(1),
  icon: image(IMAGE_RULES.icon).optional(),
  cover_url: image({ ...IMAGE_RULES.picture, public: true }).optional(),
  description: text(500).optional(),
  /** How long an app access token lives, in seconds (Lark's default: 7200). */
  token_ttl: z.number().int().min(600).max(86400).default(7200),
  status: enabledStatus(),
});

/** Kept by the server: the public app id and the hashes of the two secrets (shown once, never stored in clear). */
export const appInternal = z.object({
  app_id: z.string(),
  app_secret: secretHash(),
  server_secret: secretHash(),
  /** Codes of the abilities it uses (`ability/bind`). */
  ability_codes: z.array(z.string()).default([]),
});

/** An app's security (spec: app security): where its calls may come from and where its sign-ins may return. */
export const appSecuritySchema = z.object({
  app_guid: guid(),
  /** Addresses (IPv4/IPv6, CIDR) its open-API calls may come from; empty admits every address. */
  ip_whitelist: z.array(ipEntry()).max(200, 'validation.too_many').default([]),
  /** Redirect URLs (`save-backurl`): http or https only. Sign-in with the platform returns only to these, matched exactly (docs/oauth.md). */
  redirect_urls: z.array(webUrl()).max(20, 'validation.too_many').default([]),
  /** A public OAuth client (a browser or mobile app that cannot keep a secret): it signs people in with PKCE and no secret. */
  oauth_public: z.boolean().default(false),
  /** Operators only (server/rules/app.ts): sign-in with the platform turned off; no person authorises the app, its user tokens stop (docs/oauth.md). */
  oauth_disabled: z.boolean().default(false),
});

/** An extra property of an app (spec: app ext props), kept by operators for its store listing. */
export const appExtPropSchema = z.object({
  app_guid: guid(),
  prop_key: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[A-Za-z0-9_.-]+$/, 'validation.code_format'),
  prop_value: text(500),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});

/** A platform ability an app can use (spec: ability), seeded; an app binds those it uses. */
export const abilitySchema = z.object({
  code: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[A-Za-z0-9_-]+$/, 'validation.code_format'),
  name: name30(),
  description: text(200).optional(),
  status: enabledStatus(),
});
