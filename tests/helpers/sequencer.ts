import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The screen sweep's files (tests/helpers/screen-sweep.ts): each runs some five minutes, the longest by far. */
const SWEEP = /\/tests\/e2e\/screen-sweep-[a-z]+\.test\.ts$/;

/**
 * Vitest's order, but the screen sweep's files first. On a fresh clone vitest has no durations
 * cached and runs larger files first; a sweep file is three lines, so it would start last and keep
 * one worker busy long after the other has finished.
 */
export default class SweepFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => SWEEP.test(f.moduleId)), ...sorted.filter((f) => !SWEEP.test(f.moduleId))];
  }
}
