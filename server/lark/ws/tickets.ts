import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/driver.ts';
import type { Counters } from '../../services/counters.ts';

/** Seconds a connection URL stays good: the SDK opens it at once. */
export const TICKET_TTL_S = 60;

/**
 * The one-use ticket a long connection's URL carries instead of the app's secret:
 * `<app guid>.<expiry>.<nonce>.<mac>`, MACed with a key every instance shares (server_secret),
 * so any instance behind the balancer accepts it; its nonce counted in the shared counters, so a
 * second use is refused anywhere.
 */
export class Tickets {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly counters: Counters,
    private readonly now: () => number = Date.now,
  ) {}

  private keyOf() {
    return (this.key ??= (async () => {
      await this.db.query('insert into server_secret (name, value) values ($1, $2) on conflict (name) do nothing', ['ws-ticket', randomBytes(32).toString('base64url')]);
      const { rows } = await this.db.query<{ value: string }>('select value from server_secret where name = $1', ['ws-ticket']);
      return Buffer.from(rows[0].value, 'base64url');
    })());
  }

  private async mac(text: string) {
    return createHmac('sha256', await this.keyOf()).update(text).digest('base64url');
  }

  async issue(appGuid: string) {
    const text = `${appGuid}.${Math.floor(this.now() / 1000) + TICKET_TTL_S}.${randomBytes(12).toString('base64url')}`;
    return `${text}.${await this.mac(text)}`;
  }

  /** The app a ticket opens, once; null for a forged, expired or used one. */
  async consume(ticket: string): Promise<string | null> {
    const m = /^([0-9a-f-]{36})\.(\d+)\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
    if (!m) return null;
    const [, appGuid, exp, nonce, mac] = m;
    const want = Buffer.from(await this.mac(`${appGuid}.${exp}.${nonce}`));
    if (!timingSafeEqual(want, Buffer.from(mac)) || Number(exp) * 1000 < this.now()) return null;
    const { count } = await this.counters.hit(`ws-ticket ${nonce}`, TICKET_TTL_S);
    return count === 1 ? appGuid : null;
  }
}
