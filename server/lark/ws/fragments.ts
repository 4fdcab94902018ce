import { FRAGMENT_BYTES } from './frames.ts';

/** The largest event the forwarder joins (the platform's events are a few KB; a 65 KB one is three fragments). */
export const MAX_EVENT_BYTES = 4 * 1024 * 1024;
/** Fragments one event may be cut into: MAX_EVENT_BYTES in FRAGMENT_BYTES pieces. */
export const MAX_FRAGMENTS = MAX_EVENT_BYTES / FRAGMENT_BYTES;
/** Events being joined at once; past it the oldest unfinished one is dropped (the platform sends it again). */
export const MAX_PENDING = 16;

/**
 * The forwarder's joining of data frames into events by `message_id`, `sum` and `seq`, bounded:
 * `sum` a whole number from 1 to MAX_FRAGMENTS, the same in every fragment, `seq` within it, the
 * whole at most MAX_EVENT_BYTES, at most MAX_PENDING events unfinished. A frame outside them
 * throws, naming what is wrong; the event is dropped and, unacknowledged, retried by the platform.
 */
export class Fragments {
  private readonly pending = new Map<string, { got: (Buffer | undefined)[]; bytes: number }>();

  /** Adds one fragment; answers the joined event once every fragment is in, else null. */
  add(messageId: string, sumText: string | undefined, seqText: string | undefined, payload: Uint8Array): Buffer | null {
    const sum = Number(sumText);
    const seq = Number(seqText);
    if (!Number.isInteger(sum) || sum < 1 || sum > MAX_FRAGMENTS) throw new Error(`sum ${sumText} is not 1 to ${MAX_FRAGMENTS}`);
    if (!Number.isInteger(seq) || seq < 0 || seq >= sum) throw new Error(`seq ${seqText} is not within sum ${sum}`);
    let event = this.pending.get(messageId);
    if (!event) {
      event = { got: new Array<Buffer | undefined>(sum).fill(undefined), bytes: 0 };
      this.pending.set(messageId, event);
      if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    }
    if (event.got.length !== sum) {
      this.pending.delete(messageId);
      throw new Error(`sum ${sum} differs from the first fragment's ${event.got.length}`);
    }
    event.bytes += payload.byteLength - (event.got[seq]?.byteLength ?? 0);
    if (event.bytes > MAX_EVENT_BYTES) {
      this.pending.delete(messageId);
      throw new Error(`event over ${MAX_EVENT_BYTES} bytes`);
    }
    event.got[seq] = Buffer.from(payload);
    if (event.got.some((p) => !p)) return null;
    this.pending.delete(messageId);
    return Buffer.concat(event.got as Buffer[]);
  }
}
