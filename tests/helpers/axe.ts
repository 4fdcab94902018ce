import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules every screen is judged by: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The one language a journey run in several is judged by axe in: zh, the default, whose shorter
 * words draw the smallest buttons and tabs (axe's target-size reads sizes). A journey run in one
 * language is judged in it. Axe's rules read markup, roles, names, sizes and colours, which every
 * language draws from the same components; an empty message, the one way a language could leave a
 * control nameless, is refused by tests/web/i18n-parity.test.ts. Every screen a persona reaches is
 * judged in zh and en too, by the screen sweep (tests/helpers/screen-sweep.ts). Axe in both of a
 * journey's languages was some 13% of its CPU (tests/e2e/views and order-transfer: 205–231 s
 * without axe, 242–261 s with it), so the second language's about half of that.
 */
export const axeLanguage = (langs: Iterable<string>) => {
  const all = [...langs];
  return all.includes('zh') ? 'zh' : all[0];
};

const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

/** What a run answers: its violations (a run reports only those: `resultTypes`). */
export type AxeViolations = Pick<AxeResults, 'violations'>;

/**
 * axe-core run in the page itself, as @axe-core/playwright's legacy mode runs it (`AxeBuilder
 * .setLegacyMode().analyze()`), with axe put into each document once instead of on every run:
 * `analyze()` evaluates axe's source (1.5 MB) twice in every frame per run, about 400 ms of
 * a 580 ms run in the screen sweep. A document keeps `window.axe` while the app navigates within
 * it, so a journey's screens after the first cost only the rules. `exclude`: selectors not judged
 * at all; `uncontrasted`: selectors whose colours are not judged (a toast mid-fade), in the same
 * run, as a second run for the contrast rule alone would walk the whole page again.
 */
export const runAxe = async (page: Page, options: RunOptions, exclude: string[] = [], uncontrasted: string[] = []): Promise<AxeViolations> => {
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
    ({ exclude, uncontrasted, options }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(exclude.length ? { exclude: exclude.map((s) => [s]) } : document, options)
        .then(
          ({ violations }) => ({
            // The elements were asked for to judge `uncontrasted` here; they do not leave the page.
            results: {
              violations: violations
                .map((v) => ({
                  ...v,
                  nodes: v.nodes
                    .filter((n) => v.id !== 'color-contrast' || !uncontrasted.some((s) => (n.element as Element | undefined)?.closest(s)))
                    .map(({ element: _element, ...n }) => n),
                }))
                .filter((v) => v.nodes.length),
            },
            error: null,
          }),
          (e: Error) => ({ results: null, error: e.message }),
        ),
    // Only violations are judged: axe then makes no selectors for the passes and the rest, and
    // the page sends back only what is judged.
    { exclude, uncontrasted, options: { resultTypes: ['violations'], elementRef: uncontrasted.length > 0, ...options } satisfies RunOptions },
  );
  if (answer.error !== null) throw new Error(`axe: ${answer.error}`);
  return answer.results as AxeViolations;
};
