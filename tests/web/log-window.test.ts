import { describe, expect, it } from 'vitest';
import { DAY, local, windowOf } from '../../src/console/app/logWindow.ts';

describe("the log pages' search window", () => {
  it('an end left as the form showed it means now, so a search finds what happened since the page opened', () => {
    const opened = new Date(Date.now() - 5 * 60_000);
    const shown = local(opened);
    const from = local(new Date(opened.getTime() - DAY));
    const w = windowOf(from, shown, shown)!;
    expect(new Date(w.to).getTime()).toBeGreaterThanOrEqual(Date.now() - 1000);
    // A changed end keeps its whole minute.
    const typed = local(new Date(opened.getTime() - 60 * 60_000));
    expect(windowOf(from, typed, shown)!.to).toBe(new Date(new Date(typed).getTime() + 59_999).toISOString());
  });

  it('refuses a missing, reversed or longer than 7 days window', () => {
    const now = local(new Date());
    expect(windowOf('', now)).toBeNull();
    expect(windowOf(now, local(new Date(Date.now() - DAY)))).toBeNull();
    expect(windowOf(local(new Date(Date.now() - 8 * DAY)), now)).toBeNull();
  });
});
