import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules every screen is judged by: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

/**
 * axe-core run in the page itself, as @axe-core/playwright's legacy mode runs it (`AxeBuilder
 * .setLegacyMode().analyze()`), with axe put into each document once instead of on every run:
 * `analyze()` evaluates axe's source (1.5 MB) twice in every frame per run, about 400 ms of
 * a 580 ms run in the screen sweep. A document keeps `window.axe` while the app navigates within
 * it, so a journey's screens after the first cost only the rules. `exclude`: selectors not judged.
 */
export const runAxe = async (page: Page, options: RunOptions, exclude: string[] = []): Promise<AxeResults> => {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'undefined')) {
        await frame.evaluate(axe.source);
        await frame.evaluate(CONFIGURE);
      }
    } catch {
      // A frame detached or navigating meanwhile: as with AxeBuilder, only the frames that take axe are judged.
    }
  }
  const answer = await page.evaluate(
    ({ exclude, options }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(exclude.length ? { exclude: exclude.map((s) => [s]) } : document, options)
        .then((results) => ({ results, error: null }), (e: Error) => ({ results: null, error: e.message })),
    // Only violations are judged: axe then makes no selectors for the passes and the rest, and
    // the page sends back only what is judged.
    { exclude, options: { resultTypes: ['violations'], ...options } satisfies RunOptions },
  );
  if (answer.error !== null) throw new Error(`axe: ${answer.error}`);
  return answer.results as AxeResults;
};
