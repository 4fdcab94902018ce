import type { Db, Queryable } from '../db/driver.ts';
import { claimDue, type Claimed } from './claim.ts';
import { pushBody } from './shapes.ts';
import type { LarkIdKeys } from '../lark/ids.ts';
import { sealed } from './crypto.ts';
import { emitEvent, type EventOut } from './emit.ts';
import type { Outcome, Outgoing } from './outgoing.ts';
import { IN_FLIGHT_MAX, LEASE_S, RETENTION_DAYS } from './policy.ts';
import { AttemptRecorder } from './record.ts';

/** What an emitting call lends the delivery: a place for work to run once its transaction commits (the engine's `CallContext` is one). */
export interface AfterCommit {
  afterCommit(effect: () => Promise<unknown>): void;
}

/** The long connections of this instance (server/lark/ws/connections.ts): the apps holding one, and a send answered by the acknowledgement. */
export interface LongChannel {
  apps(): string[];
  send(appGuid: string, messageId: string, body: string, headers: Record<string, string>): Promise<Outcome>;
}

export interface DeliveryOptions {
  /** The clock (tests inject one to step through the retry schedule). */
  now?: () => number;
  /** How often each instance looks for due events besides being woken by its own commits. */
  pollMs?: number;
  /** Seconds until an event this instance claimed is due again should it die mid-push (EVENT_LEASE_S; LEASE_S when absent). */
  leaseS?: number;
  onError?: (e: unknown) => void;
}

/**
 * The outbox's delivery worker. Each push holds a slot of its app from its claim until its answer:
 * at most APP_IN_FLIGHT per app and IN_FLIGHT_MAX in all on this instance. The claimer claims what
 * the free slots allow (server/events/claim.ts) and claims again as each answer frees a slot, so a
 * slow endpoint delays only its own events; the attempts are recorded as they are answered
 * (server/events/record.ts). A process killed mid-push leaves its events due again when the lease
 * ends: at-least-once, with the same event_id.
 */
export class EventDelivery {
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Claims run by themselves only once started; otherwise the caller steps them with runOnce (tests). */
  private started = false;
  /** Pushes out on this instance (claimed, not yet answered), per app and in all. */
  private readonly busy = new Map<string, number>();
  private pushing = 0;
  /** Every push until its attempt is recorded (stop waits for them). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Claims one at a time, so that two never count the same free slots. */
  private claims: Promise<unknown> = Promise.resolve();
  private readonly recorder: AttemptRecorder;
  readonly now: () => number;
  /** Set once the long connections are mounted: events of apps on the long connection go there, not to a URL. */
  long: LongChannel | undefined;
  /** Set once the keys are read at start: Lark-shaped events name rows by the receiving app's ids. */
  larkIds: LarkIdKeys | undefined;

  constructor(
    private readonly db: Db,
    readonly outgoing: Outgoing,
    private readonly opts: DeliveryOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.recorder = new AttemptRecorder(db, this.now);
  }

  /** Writes an event in the change's transaction and wakes this instance's worker once it commits. */
  async emit(ctx: AfterCommit, tx: Queryable, e: EventOut) {
    const ids = await emitEvent(tx, e);
    if (ids.length) ctx.afterCommit(async () => this.kick());
    return ids;
  }

  start() {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 500);
    this.timer.unref();
  }

  /** Stops claiming and waits for the pushes in flight to be answered and recorded. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.claiming;
    await Promise.allSettled(this.inFlight);
    this.outgoing.close();
  }

  /** Claims for the free slots; a kick meanwhile (a commit, an answer) claims again after. */
  kick() {
    if (this.stopped || !this.started) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = (async () => {
      try {
        // One claim takes all the slots can: each app is then full or has nothing more due, or no slot is left.
        do {
          this.again = false;
          for (const p of await this.claim()) p.catch((e) => this.opts.onError?.(e));
        } while (this.again && !this.stopped);
      } catch (e) {
        this.opts.onError?.(e);
      } finally {
        this.claiming = undefined;
      }
    })();
  }

  /** Claims what is due and the slots allow, pushes it, and waits until those attempts are recorded. Answers how many (tests step delivery with it). */
  async runOnce(): Promise<number> {
    const pushes = await this.claim();
    const failed = (await Promise.allSettled(pushes)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return pushes.length;
  }

  /** Claims for the free slots and starts each push; answers each push's promise, settled once its attempt is recorded. */
  private claim(): Promise<Promise<void>[]> {
    const claimed = this.claims.then(async () => {
      const room = IN_FLIGHT_MAX - this.pushing;
      if (room <= 0 || this.stopped) return [];
      const now = new Date(this.now());
      return (await claimDue(this.db, now, this.busy, room, this.opts.leaseS ?? LEASE_S, this.long?.apps())).map((m) => this.deliver(m, now));
    });
    this.claims = claimed.catch(() => undefined);
    return claimed;
  }

  /** Holds the app's slot while the push is out (its answer frees it and claims again), then records the attempt. */
  private deliver(m: Claimed, now: Date) {
    this.busy.set(m.app_guid, (this.busy.get(m.app_guid) ?? 0) + 1);
    this.pushing++;
    const answered = this.push(m, now).finally(() => {
      const left = this.busy.get(m.app_guid)! - 1;
      if (left) this.busy.set(m.app_guid, left);
      else this.busy.delete(m.app_guid);
      this.pushing--;
      this.kick();
    });
    // Its lease keeps the event from being claimed again until it is recorded.
    const done = answered.then((o) => this.recorder.add({ m, o })).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
    return done;
  }

  private async push(m: Claimed, now: Date): Promise<Outcome> {
    const long = m.delivery_mode === 'long_connection';
    // The app was disabled or its URL removed since the event was written: a failed attempt, retried.
    if ((!long && !m.request_url) || m.app_status !== 0) return { status: 0, ms: 0, answer: '', failure: 'endpoint_gone' };
    const { body, headers } = sealed(
      pushBody(m, this.larkIds),
      { encrypt_key: m.encrypt_key, signing_secret: m.signing_secret!, previous_signing_secret: m.previous_signing_secret },
      now.getTime(),
      m.event_id,
    );
    const all = { ...headers, 'x-open-event-id': m.event_id, 'x-open-attempt': String(m.attempts) };
    // The same body and signature headers in data frames: the forwarder re-posts them as they are.
    if (long) return this.long ? this.long.send(m.app_guid, `${m.event_id}-${m.attempts}`, body, all) : { status: 0, ms: 0, answer: '', failure: 'disconnected' };
    return this.outgoing.post(m.request_url!, body, all);
  }
}

/** The hourly upkeep: attempts and events older than the retention go (the log's window is 7 days). */
export const pruneEvents = async (db: Queryable, now = Date.now()) => {
  const cutoff = new Date(now - RETENTION_DAYS * 86_400_000).toISOString();
  await db.query('delete from event_attempt where created_at < $1', [cutoff]);
  await db.query('delete from event_message where created_at < $1', [cutoff]);
};
