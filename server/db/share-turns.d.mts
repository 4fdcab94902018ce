/** Start-time fair queueing over shares for the embedded database's thread (share-turns.mjs). */
export class ShareTurns {
  add(share: string, job: unknown): void;
  next(): unknown;
  readonly size: number;
}
