import { z } from 'zod';
import { codes, enabledStatus, name30, secretHash, text, url } from './common.ts';

/** App code: letters, digits and hyphen, max 32 (spec §5). */
export const appCode = () =>
  z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32').regex(/^[A-Za-z0-9-]+$/, 'validation.app_code_format');

/** An app of a BU (spec §3): what its developer edits. */
export const appSchema = z.object({
  name: name30(),
  code: appCode(),
  /** 0 store, 1 self-built, 2 company-built. */
  type: codes(0, 1, 2).default(1),
  icon: url().optional(),
  cover_url: url().optional(),
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
});
