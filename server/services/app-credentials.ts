import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';

/**
 * An app's credentials. The secrets are 256 random bits, so a SHA-256 is all the stored form
 * needs (a slow hash guards guessable passwords, not these); each is answered once, in clear,
 * when it is made.
 */
export const secretDigest = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
/** Lark's shape: `cli_` and 16 hex digits; public, as unique as the 64 random bits make it. */
const newAppId = () => `cli_${randomBytes(8).toString('hex')}`;

/** Whether `secret` is the one stored as `digest`, in constant time. */
export const secretMatches = (secret: string, digest: string | null | undefined) => {
  if (!digest) return false;
  const a = Buffer.from(secretDigest(secret), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Gives a new app its id and both secrets; answers them in clear (the only time they are). */
export const issueCredentials = async (tx: Queryable, guid: string) => {
  const app = { app_id: newAppId(), app_secret: newSecret(), server_secret: newSecret() };
  await tx.query('update app set app_id = $2, app_secret = $3, server_secret = $4 where guid = $1', [guid, app.app_id, secretDigest(app.app_secret), secretDigest(app.server_secret)]);
  return app;
};

/** A new app secret; the old one, and every token it obtained, stop working at once (a reset answers a leak). */
export const resetSecret = async (tx: Queryable, guid: string) => {
  const app_secret = newSecret();
  await tx.query('update app set app_secret = $2, updated_at = now() where guid = $1', [guid, secretDigest(app_secret)]);
  await tx.query('delete from app_token where app_guid = $1', [guid]);
  return app_secret;
};
