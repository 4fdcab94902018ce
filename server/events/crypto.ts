import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** Lark's event cryptography (docs/events.md), so receivers built on Lark's SDKs accept our pushes. */

/** `base64(iv ‖ AES-256-CBC(key = SHA-256(encryptKey), iv, PKCS7))`: Lark's `{ encrypt }`. */
export const encrypt = (encryptKey: string, plain: string) => {
  const key = createHash('sha256').update(encryptKey).digest();
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
};

/** `X-Lark-Signature`: hex SHA-256 of timestamp, nonce, Encrypt Key and the body as sent. */
export const larkSignature = (timestamp: string, nonce: string, encryptKey: string, body: string) =>
  createHash('sha256').update(timestamp + nonce + encryptKey + body).digest('hex');

/**
 * `X-Open-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, over the raw
 * bytes, Stripe's scheme; during a roll one `v1` per live secret, the newest first, as Stripe sends.
 */
export const openSignature = (secrets: readonly string[], t: number, body: string) =>
  `t=${t},${secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`).join(',')}`;

/**
 * The signing secret as Standard Webhooks' libraries take it: `whsec_` and the base64 of its bytes,
 * so they key the HMAC with the very bytes `X-Open-Signature` uses — one secret, two conventions.
 */
export const webhookSecret = (secret: string) => `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;

/** `webhook-signature`: `v1,<base64 HMAC-SHA256(secret, id + "." + t + "." + body)>` per live secret, space-separated. */
export const standardSignature = (secrets: readonly string[], id: string, t: number, body: string) =>
  secrets.map((secret) => `v1,${createHmac('sha256', secret).update(`${id}.${t}.${body}`).digest('base64')}`).join(' ');

/** A new key: 32 URL-safe characters (a Verification Token, an Encrypt Key, a signing secret). */
export const newKey = () => randomBytes(24).toString('base64url');

/** An endpoint's keys as a push needs them: the signing secret before the last reset signs too while its overlap lasts. */
export interface SealingKeys {
  encrypt_key: string | null;
  signing_secret: string;
  previous_signing_secret?: string | null;
}

/**
 * The body and headers of one push (`id`, the event's id; a challenge has its own): encrypted when
 * the endpoint has an Encrypt Key; signed Lark's way, Stripe's way (`X-Open-Signature`) and Standard
 * Webhooks' way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const sealed = (payload: unknown, keys: SealingKeys, now = Date.now(), id = `msg_${randomBytes(12).toString('hex')}`) => {
  const json = JSON.stringify(payload);
  const body = keys.encrypt_key ? JSON.stringify({ encrypt: encrypt(keys.encrypt_key, json) }) : json;
  const t = Math.floor(now / 1000);
  const timestamp = String(t);
  const nonce = randomBytes(8).toString('hex');
  const secrets = [keys.signing_secret, ...(keys.previous_signing_secret ? [keys.previous_signing_secret] : [])];
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-lark-request-timestamp': timestamp,
    'x-lark-request-nonce': nonce,
    'x-open-signature': openSignature(secrets, t, body),
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': standardSignature(secrets, id, t, body),
  };
  if (keys.encrypt_key) headers['x-lark-signature'] = larkSignature(timestamp, nonce, keys.encrypt_key, body);
  return { body, headers };
};
