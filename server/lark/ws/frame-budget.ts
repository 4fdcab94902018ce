/**
 * A connection's allowance of client frames, a token bucket: `burst` frames at once, refilled at
 * `perSecond`, plus one owed for each event sent to the client (its acknowledgement), so a burst
 * of deliveries never trips it. The SDK itself sends a ping every 30 s and one frame per event;
 * anything faster is a client flooding the server.
 */
export class FrameBudget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** One more frame the client may send: the acknowledgement of an event sent to it. */
  owe() {
    this.tokens += 1;
  }

  /** Spends one frame; false when the client has none left. */
  take() {
    const t = this.now();
    // The refill tops up to `burst`, never taking away what is owed above it.
    this.tokens = Math.max(this.tokens, Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond));
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
