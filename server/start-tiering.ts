import { setFlagsFromString } from 'node:v8';

/**
 * While a start loads the app's modules and builds its routes, V8 would send that one-off code to
 * its optimising compiler (TurboFan) on the cores the database's thread needs to open the
 * database. Until the server listens, a function must run eight times as long before it is
 * optimised; then V8's own budget is back, so requests warm up as they always did
 * (docs/operations.md, "Start"). Only on the V8 whose default this knows (Node.js 20's): on
 * another, nothing changes.
 */
const KNOWN_V8 = '11.3.';
const DEFAULT_INTERRUPT_BUDGET = 66 * 1024;
/** How many times V8's budget a function must run during the start before it is optimised. */
const START_FACTOR = 8;

const known = () => process.versions.v8.startsWith(KNOWN_V8);
const budgetTimes = (factor: number) => setFlagsFromString(`--interrupt-budget=${DEFAULT_INTERRUPT_BUDGET * factor}`);

export const deferOptimising = (): (() => void) => {
  if (!known()) return () => {};
  budgetTimes(START_FACTOR);
  return () => budgetTimes(1);
};

/**
 * Runs `fn` under the start's flags: a script compiled during the start (the page renderer) is
 * compiled under them, and V8 takes its code cache only under the flags it was written under
 * (server/code-cache.ts). For once the start is over (it sets V8's default back); synchronous, so
 * nothing else runs in between.
 */
export const underStartFlags = <T>(fn: () => T): T => {
  if (!known()) return fn();
  budgetTimes(START_FACTOR);
  try {
    return fn();
  } finally {
    budgetTimes(1);
  }
};
