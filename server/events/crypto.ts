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

/** `X-Open-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, over the raw bytes. */
export const openSignature = (secret: string, t: number, body: string) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

/** A new key: 32 URL-safe characters (a Verification Token, an Encrypt Key, a signing secret). */
export const newKey = () => randomBytes(24).toString('base64url');

/** The body and headers of one push: encrypted when the endpoint has an Encrypt Key; signed both ways. */
export const sealed = (payload: unknown, keys: { encrypt_key: string | null; signing_secret: string }, now = Date.now()) => {
  const json = JSON.stringify(payload);
  const body = keys.encrypt_key ? JSON.stringify({ encrypt: encrypt(keys.encrypt_key, json) }) : json;
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(8).toString('hex');
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-lark-request-timestamp': timestamp,
    'x-lark-request-nonce': nonce,
    'x-open-signature': openSignature(keys.signing_secret, Number(timestamp), body),
  };
  if (keys.encrypt_key) headers['x-lark-signature'] = larkSignature(timestamp, nonce, keys.encrypt_key, body);
  return { body, headers };
};
