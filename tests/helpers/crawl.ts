import type { Page } from 'playwright-core';
import type { Lang } from '../../i18n/languages.ts';
import { AXE_TAGS, runAxe } from './axe.ts';
import type { Watched } from './browser.ts';
import { inspectScreen } from './screen-checks.ts';

/** An id in a path (a guid, a number, a code of hex): the crawl opens one path of each shape. */
export const shapeOf = (path: string) => path.split('/').map((seg) => (/^\d+$|^[0-9a-f-]{16,}$/i.test(seg) ? ':id' : seg)).join('/');

export interface Swept {
  /** The paths swept, in the order they were. */
  paths: string[];
  /** Every same-site path the swept pages link to: a page is reached by clicking when it is here. */
  linked: Set<string>;
  /** The swept list screens (not a record's tabs) that showed a list with no rows. */
  empty: string[];
}

/**
 * The screen sweep's crawl (tests/helpers/screen-sweep.ts): opens paths on signed-in pages the way
 * the app's own links do, runs axe (unless `axe` is false) and the screen checks
 * (tests/helpers/screen-checks.ts) on each, and follows the links each page offers, one path of each shape.
 */
export const crawler = (base: string, lang: Lang, { axe = true }: { axe?: boolean } = {}) => {
  const network = new WeakMap<Page, { inflight: number; last: number }>();

  /**
   * Opens `path` through history and popstate (no reload of the bundle on each of some 300 pages),
   * the first time by loading it, and resolves once the page is quiet: no request in flight and
   * none started for 200 ms, after the route has rendered.
   */
  const open = async (page: Page, path: string) => {
    let net = network.get(page);
    if (!net) {
      const n = { inflight: 0, last: Date.now() };
      const done = () => { n.inflight--; n.last = Date.now(); };
      page.on('request', () => { n.inflight++; n.last = Date.now(); });
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      network.set(page, (net = n));
    }
    if (page.url().startsWith(base)) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    } else {
      await page.goto(`${base}${path}`);
    }
    await quiet(net, 200);
  };

  /**
   * Resolves once the screen on view is the one drawn for the address (`data-screen`,
   * src/console/BareLayout.tsx), no spinner shows, no list waits for its first rows (`aria-busy`,
   * src/console/ListFrame.tsx), no finite animation runs (axe reads colours mid-fade), and the
   * document has not changed for 150 ms; or after 10 s, when the checks judge what is there. On a
   * loaded machine a network quiet for 200 ms can come before the screen it fed is drawn: the
   * sweep then judged the last screen, or a page without its menus' links yet.
   */
  const settled = (page: Page) =>
    page.evaluate(() => new Promise<void>((resolve) => {
      // One watcher per document, kept from screen to screen: the quiet already seen while the
      // network settled counts, so a screen drawn by then is judged at once.
      const w = window as unknown as { sweepChanged?: number };
      if (w.sweepChanged === undefined) {
        w.sweepChanged = performance.now();
        new MutationObserver(() => { w.sweepChanged = performance.now(); }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      }
      const until = performance.now() + 10_000;
      const drawn = () =>
        [...document.querySelectorAll('[data-screen]')].every((e) => location.pathname.endsWith(e.getAttribute('data-screen')!)) &&
        !document.querySelector('[role=progressbar], [aria-busy=true]') &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
      const check = () => {
        const now = performance.now();
        if ((now - w.sweepChanged! >= 150 && drawn()) || now > until) resolve();
        else setTimeout(check, 25);
      };
      check();
    }));

  /** Resolves once `net` has had no request in flight and none started for `ms`. */
  const quiet = async (net: { inflight: number; last: number }, ms: number) => {
    while (net.inflight > 0 || Date.now() - net.last < ms) await new Promise((r) => setTimeout(r, 25));
  };

  /**
   * Axe and the screen checks over one path on `on`, unless it sent the page to a path of a shape
   * already swept (a section's link opens its first page); answers the same-site paths the page
   * links to and whether it showed an empty list. `seeded`: the persona may open it, so leaving
   * it is a finding.
   */
  const sweep = async (on: Watched, path: string, seeded: boolean, shapes: Set<string>) => {
    const before = on.problems.length;
    await open(on.page, path);
    const landed = new URL(on.page.url()).pathname;
    const stayed = landed === path || landed.startsWith(`${path}/`);
    if (seeded && !stayed) on.violations.push(`${path}: left for ${landed}`);
    if (!stayed) {
      if (shapes.has(shapeOf(landed))) return { links: [], empty: false };
      shapes.add(shapeOf(landed));
    }
    await settled(on.page);
    // In the page itself, axe put in once per document (tests/helpers/axe.ts).
    const result = axe ? await runAxe(on.page, { runOnly: { type: 'tag', values: AXE_TAGS } }, ['[data-testid=toast]']) : { violations: [] };
    for (const v of result.violations) {
      if (v.impact === 'critical' || v.impact === 'serious') on.violations.push(`${landed}: ${v.id} (${v.impact}) ×${v.nodes.length} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    }
    let seen = await inspectScreen(on.page, lang);
    // A list that looks empty may still be on its way: on a loaded machine a screen's first call
    // (its custom fields) can finish 200 ms before the rows are asked for. Judged again once quiet longer.
    if (seen.emptyList) {
      await quiet(network.get(on.page)!, 1_000);
      await settled(on.page);
      seen = await inspectScreen(on.page, lang);
    }
    for (const f of seen.findings) on.violations.push(`${landed}: ${f}`);
    // A failed call or a console error belongs to the page that made it.
    on.problems.splice(before, on.problems.length - before, ...on.problems.slice(before).map((p) => `${landed}: ${p}`));
    // Folded bulk actions (nothing selected) are out of the tab order, once any fold has finished.
    const reachable = await on.page.locator('.RaBulkActionsToolbar-collapsed button').evaluateAll((bs) => bs.filter((b) => getComputedStyle(b).visibility !== 'hidden').length);
    if (reachable) on.violations.push(`${landed}: ${reachable} folded bulk action(s) in the tab order`);
    const hrefs = await on.page.locator('a[href]:not([download])').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const links = hrefs.map((h) => new URL(h)).filter((u) => u.origin === new URL(base).origin).map((u) => u.pathname);
    return { links, empty: seen.emptyList };
  };

  /**
   * Sweeps `paths` over the given pages (each signed in as the same person), the pages sharing the
   * list: each waits on its own network. The links a swept page offers that `follows` accepts are
   * swept too, one path of each shape.
   */
  const sweepOn = async (pages: Watched[], paths: string[], follows: (path: string) => boolean): Promise<Swept> => {
    const queue = [...new Set(paths)];
    const seeded = new Set(queue);
    const shapes = new Set(queue.map(shapeOf));
    const out: Swept = { paths: [], linked: new Set(), empty: [] };
    let busy = 0;
    let wake = () => undefined as void;
    await Promise.all(pages.map(async (on) => {
      for (;;) {
        const path = queue.shift();
        if (path === undefined) {
          if (!busy) break;
          await new Promise<void>((r) => { const before = wake; wake = () => { before(); r(); }; });
          continue;
        }
        busy++;
        try {
          const { links, empty } = await sweep(on, path, seeded.has(path), shapes);
          // A list screen the demo leaves empty; a record's tab (an app's audits) may hold none for the first record the crawl opens.
          if (empty && !shapeOf(path).includes(':id')) out.empty.push(path);
          for (const link of links) {
            out.linked.add(link);
            if (follows(link) && !shapes.has(shapeOf(link))) {
              shapes.add(shapeOf(link));
              queue.push(link);
            }
          }
          out.paths.push(path);
        } finally {
          busy--;
          const woken = wake;
          wake = () => undefined;
          woken();
        }
      }
    }));
    return out;
  };

  return { sweepOn };
};
