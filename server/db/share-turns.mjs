// The embedded database's thread runs one statement at a time. Which one runs next is decided
// here, by share (server/db/fair-share.ts), not by arrival: a tenant with eight statements queued
// must not put another tenant's one statement behind all eight (docs/operations.md, "Fair share").
// Plain JavaScript: the database's worker (pglite-worker.mjs) imports it.

/**
 * Start-time fair queueing over shares. Each job is tagged on arrival one past the later of its
 * share's previous job and the job that started last; the lowest tag runs next, and on a tie the
 * share that started waiting last. So a share that has been idle goes next, after the job that is
 * running, and shares with backlogs take turns. Newcomers cannot starve a backlog: its next job is
 * tagged at most one past the job running, a newcomer at least that, so only the shares that came
 * during one job can go before it.
 */
export class ShareTurns {
  /** The tag of the job that started last. */
  #clock = 0;
  /** Shares with jobs waiting, each with its last tag and its jobs in arrival order. */
  #waiting = new Map();

  /** Queues `job` as `share`'s. */
  add(share, job) {
    let queue = this.#waiting.get(share);
    if (!queue) this.#waiting.set(share, (queue = { last: this.#clock, jobs: [] }));
    queue.last = Math.max(queue.last, this.#clock) + 1;
    queue.jobs.push({ tag: queue.last, job });
  }

  /** The job to run now, taken off its queue; undefined when none waits. */
  next() {
    let share;
    let head;
    for (const [s, queue] of this.#waiting) {
      if (!head || queue.jobs[0].tag <= head.tag) {
        share = s;
        head = queue.jobs[0];
      }
    }
    if (!head) return undefined;
    const queue = this.#waiting.get(share);
    queue.jobs.shift();
    if (!queue.jobs.length) this.#waiting.delete(share);
    this.#clock = head.tag;
    return head.job;
  }

  get size() {
    let n = 0;
    for (const queue of this.#waiting.values()) n += queue.jobs.length;
    return n;
  }
}
