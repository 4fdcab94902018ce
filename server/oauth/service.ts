import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Db } from '../db/driver.ts';
import { keySetVersion, rotateKeys } from './keys.ts';

/** How often an instance looks whether another rotated the keys. */
const KEYS_CHECK_MS = 10_000;

/**
 * The provider of this instance (docs/oauth.md): built on first use, built again when the key set
 * in the database changed (another instance rotated it), so every instance signs with the newest
 * key and publishes the same set.
 */
export class OAuth {
  private current: { version: string; provider: Provider; handle: (req: IncomingMessage, res: ServerResponse) => void } | undefined;
  private building: Promise<NonNullable<OAuth['current']>> | undefined;
  private checkedAt = 0;

  constructor(
    private readonly db: Db,
    readonly issuer: string,
    private readonly proxy: boolean,
    /** A token or grant ended (revoked, rotated away, reused): every instance drops the user tokens it admitted. */
    private readonly revoked: () => void,
  ) {}

  /** Makes the first key, or a newer one when the newest is old (hourly, by whichever instance looks first). */
  async rotate() {
    const changed = await rotateKeys(this.db);
    // This instance signs with the new set from its next request; the others within KEYS_CHECK_MS.
    if (changed) this.checkedAt = 0;
    return changed;
  }

  private async live() {
    const now = Date.now();
    if (this.current && now - this.checkedAt < KEYS_CHECK_MS) return this.current;
    this.building ??= (async () => {
      const version = await keySetVersion(this.db);
      this.checkedAt = Date.now();
      if (this.current?.version === version) return this.current;
      if (!version) await this.rotate();
      // oidc-provider (and Koa under it) loads with the first OAuth request, not at start.
      const { buildProvider } = await import('./provider.ts');
      const provider = await buildProvider(this.db, this.issuer, { proxy: this.proxy, revoked: this.revoked });
      this.current = { version: version || (await keySetVersion(this.db)), provider, handle: provider.callback() };
      return this.current;
    })().finally(() => (this.building = undefined));
    return this.building;
  }

  async provider() {
    return (await this.live()).provider;
  }

  async handler() {
    return (await this.live()).handle;
  }
}
