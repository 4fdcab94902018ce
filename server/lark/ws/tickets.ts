import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/driver.ts';
import type { Counters } from '../../services/counters.ts';

/** Seconds a connection URL stays good: the SDK opens it at once. */
export const TICKET_TTL_S = 60;
const TICKET = /^([0-9a-f-]{36})\.(\d+)\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/**
 * The one-use ticket a long connection's URL carries instead of the app's secret:
 * `<app guid>.<expiry>.<nonce>.<mac>`, MACed with a key every instance shares (server_secret),
 * so any instance behind the balancer accepts it; its nonce counted in the shared counters, so a
 * second use is refused anywhere. The MAC also covers the digest of the app's secret it was
 * issued for, so a ticket taken before a secret reset opens nothing after it.
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

  /** A ticket for the app whose stored secret digest is `secret`. */
  async issue(appGuid: string, secret: string) {
    const text = `${appGuid}.${Math.floor(this.now() / 1000) + TICKET_TTL_S}.${randomBytes(12).toString('base64url')}`;
    return `${text}.${await this.mac(`${text}.${secret}`)}`;
  }

  /** The app a well-formed, unexpired ticket names (not yet checked: `consume` checks it). */
  appOf(ticket: string) {
    const m = TICKET.exec(ticket);
    return m && Number(m[2]) * 1000 >= this.now() ? m[1] : null;
  }

  /** Whether the ticket opens its app, whose stored secret digest is now `secret`; true once, false for a forged, expired, used or pre-reset one. */
  async consume(ticket: string, secret: string) {
    const m = TICKET.exec(ticket);
    if (!m) return false;
    const [, appGuid, exp, nonce, mac] = m;
    const want = Buffer.from(await this.mac(`${appGuid}.${exp}.${nonce}.${secret}`));
    if (!timingSafeEqual(want, Buffer.from(mac)) || Number(exp) * 1000 < this.now()) return false;
    const { count } = await this.counters.hit(`ws-ticket ${nonce}`, TICKET_TTL_S);
    return count === 1;
  }
}
