import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets a BU hands the platform (an identity provider's client secret, the BU's SAML signing
 * key) are stored sealed: AES-256-GCM under a key the server holds outside the database, so a copy
 * of the database alone reveals none of them (docs/sso.md, "Operators"). Each value is bound to
 * its place (`context`: the BU and the field), so a sealed value copied to another row does not open.
 */
const VERSION = 'v1';

export class Sealer {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes.');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plain value, or null when it was sealed under another key (the key was lost or changed) or elsewhere. */
  open(sealed: string | null | undefined, context: string): string | null {
    if (!sealed?.startsWith(`${VERSION}:`)) return null;
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/**
 * SECRETS_KEY (32 bytes, base64 or hex) when given — the same on every instance of one database;
 * otherwise a key kept in DATA_DIR/secrets.key, created (readable by its owner only) on the first
 * start. Losing it makes the sealed secrets unreadable: BUs type them again (docs/sso.md).
 */
export const secretsKeyOf = (given: string | undefined, dataDir: string): Buffer => {
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, written as 64 hex digits or in base64 (openssl rand -base64 32).');
    return key;
  }
  const file = join(dataDir, 'secrets.key');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
};
