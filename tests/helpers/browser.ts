import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AXE_TAGS, runAxe } from './axe.ts';

/** What every Chromium journey shares: the browser, its watch over the page, axe and screenshots. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = 'tests/screenshots';
/**
 * Whether a journey saves its screenshots: always on a developer's machine, where they are looked
 * at; under CI only a failed step's, as nobody sees the others there and a full-page capture costs
 * 0.2–0.4 s of CPU (some 320 a run). `SHOTS=1` keeps them under CI too.
 */
const ROUTINE_SHOTS = !process.env.CI || process.env.SHOTS === '1';
export const chromiumAvailable = (dist: string) => existsSync(CHROMIUM) && existsSync(`${dist}/index.html`);

export const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

let shared: Promise<Browser> | undefined;

/**
 * The test file's browser: launched when a journey first asks, shared by the file's journeys (each
 * page in a context of its own: cookies and storage apart), closed once the file's tests are done
 * (`closeFileBrowser`, in tests/helpers/e2e-setup.ts). A launch costs about 0.75 s of CPU, and
 * most journey files run once per language.
 */
export const fileBrowser = (): Promise<Browser> => {
  if (!shared) {
    shared = launch();
    shared.catch(() => (shared = undefined));
  }
  return shared;
};

export const closeFileBrowser = async () => {
  const browser = shared;
  shared = undefined;
  await (await browser?.catch(() => undefined))?.close();
};

export interface Watched {
  page: Page;
  /** Browser console errors, page errors and failed calls (status ≥ 400) since the journey began. */
  problems: string[];
  /** Axe's critical and serious violations, one line per rule and page. */
  violations: string[];
  /** Runs axe over the page as it is now (WCAG 2.2 A and AA rules). */
  axe(label: string): Promise<void>;
  /** A full-page screenshot in tests/screenshots; under CI only a failed step's (`failed`). */
  shot(name: string, opts?: { failed?: boolean }): Promise<void>;
  /** Closes the page's context (the browser is the file's). */
  close(): Promise<void>;
}

/**
 * A clear, expected refusal the journey provokes on purpose (e.g. a wrong password) is listed in
 * `expected` by the test. `locale` is the browser's language (navigator.languages, Accept-Language),
 * which a visitor who chose none is shown the site in: journeys are a Chinese browser unless they say otherwise.
 */
export const watchPage = async (browser: Browser, opts: { width?: number; height?: number; expected?: RegExp[]; locale?: string } = {}): Promise<Watched> => {
  mkdirSync(SHOTS, { recursive: true });
  // axe runs in frames of its own, which needs a context rather than browser.newPage().
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1400, height: opts.height ?? 900 }, locale: opts.locale ?? 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // An address opens once the app owns what it shows: the container's first element is React's
  // (hydrated, or drawn afresh over the server's markup). Before that a server-rendered page's
  // buttons do nothing, as for any reader whose scripts are still loading; in hk and en the app
  // first fetches its words, after the load event that `goto` waits for (it started 94–235 ms
  // later on the store's pages). A step that clicked at once lost the click (the store's
  // classification in hk). While a page hydrates, React replays a click it receives.
  const open = page.goto.bind(page);
  page.goto = async (url, options) => {
    const answer = await open(url, options);
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !root || Object.keys(root.firstElementChild ?? {}).some((k) => k.startsWith('__reactFiber$'));
    });
    return answer;
  };
  const problems: string[] = [];
  const violations: string[] = [];
  const expected = (s: string) => opts.expected?.some((r) => r.test(s));
  page.on('pageerror', (e) => problems.push(`[page error] ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) {
      const line = `[console] ${m.text()}`;
      if (!expected(line)) problems.push(line);
    }
  });
  page.on('response', (r) => {
    const line = `[${r.status()}] ${r.request().method()} ${new URL(r.url()).pathname}`;
    if (r.status() >= 400 && !expected(line)) problems.push(line);
  });
  return {
    page,
    problems,
    violations,
    async axe(label) {
      // Colours are judged at rest: a toast fading in is not yet its own contrast.
      await page
        .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3000 })
        .catch(() => undefined);
      // A toast fades in and out on its own clock, so its colours are not judged here, mid-fade: the
      // palette's contrast is checked exactly in tests/web/theme-contrast.test.ts.
      // In the page itself (tests/helpers/axe.ts): the app has no cross-origin frame to reach.
      const { violations: found } = await runAxe(page, { runOnly: { type: 'tag', values: AXE_TAGS } }, [], ['[data-testid=toast]']);
      for (const v of found) {
        if (v.impact !== 'critical' && v.impact !== 'serious') continue;
        // The element's own markup too: a generated class name alone does not say which it is.
        violations.push(`${label}: ${v.id} (${v.impact}) ×${v.nodes.length} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`);
      }
    },
    async shot(name, { failed = false } = {}) {
      if (!failed && !ROUTINE_SHOTS) return;
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    },
    close: () => context.close(),
  };
};
