import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeLanguage } from './axe.ts';
import { fileBrowser, watchPage, type Watched } from './browser.ts';
import type { AppOptions } from '../../server/app.ts';
import { ADMIN, startServer, type TestServer } from './server.ts';

export const DIST = process.env.E2E_DIST ?? 'dist';

/**
 * Resolves once a console list has its first rows or its empty state: while it loads its toolbar
 * offers Create, which an empty list's own Create then replaces, and a click between the two is lost.
 */
export const listSettled = (page: Page) => page.getByTestId('list-empty').or(page.getByTestId('resource-list').locator('tbody tr').first()).waitFor();

export interface Journey {
  s: TestServer;
  base: string;
  browser: Browser;
  /** The visitor's page, in the journey's language. */
  w: Watched;
  /** A screenshot named `{prefix}-{lang}-{label}`, then axe over the page in the journey's axe language (`axeLanguage`). */
  shot(label: string, on?: Watched): Promise<void>;
  /** A further page in the journey's language (an operator beside the visitor). */
  page(): Promise<Watched>;
  /** A further page, signed in at `/adminLogin` as the platform's first operator. */
  operator(): Promise<Watched>;
  /** Signs a tenant in at `/login` on the visitor's page. */
  signIn(who: { username: string; password: string }): Promise<void>;
}

/**
 * The languages each journey (by its prefix, one file's own: tests/server/journey-prefixes.test.ts)
 * runs in: complete once its file is collected (its `describe.each` calls `journey` once per
 * language), before any of its steps runs.
 */
const languagesOf = new Map<string, Set<string>>();

/**
 * A public-site journey's frame: a server on 127.0.0.1 serving the build, `setup` run against it,
 * a browser page in `lang` (in the file's browser), a screenshot of a failed step, and its pages and server closed at the end.
 */
export const journey = (lang: string, prefix: string, setup: (s: TestServer) => Promise<void> = async () => undefined, options: Partial<AppOptions> = {}): Journey => {
  const j = {} as Journey;
  languagesOf.set(prefix, (languagesOf.get(prefix) ?? new Set()).add(lang));
  const opened: Watched[] = [];
  const inLanguage = async () => {
    const watched = await watchPage(j.browser);
    opened.push(watched);
    await watched.page.addInitScript((l) => localStorage.setItem('open:language', JSON.stringify(l)), lang);
    return watched;
  };
  beforeAll(async () => {
    j.s = await startServer({ options: { staticDir: resolve(DIST), ...options } });
    // A journey whose peers need the platform's own address (an OpenID relying party) names it: the server listens there.
    await j.s.app.listen({ port: options.publicUrl ? Number(new URL(options.publicUrl).port) : 0, host: '127.0.0.1' });
    j.base = `http://127.0.0.1:${(j.s.app.server.address() as AddressInfo).port}`;
    await setup(j.s);
    j.browser = await fileBrowser();
    j.w = await inLanguage();
  });
  j.page = inLanguage;
  j.operator = async () => {
    const op = await inLanguage();
    await op.page.goto(`${j.base}/adminLogin`);
    await op.page.fill('input[name=username]', ADMIN.username);
    await op.page.fill('input[name=password]', ADMIN.password);
    await op.page.click('[data-testid=login-submit]');
    await op.page.waitForURL((u) => u.pathname.startsWith('/operation'));
    return op;
  };
  j.signIn = async ({ username, password }) => {
    const { page } = j.w;
    await page.goto(`${j.base}/login`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  };
  j.shot = async (label, on = j.w) => {
    await on.shot(`${prefix}-${lang}-${label}`);
    if (lang === axeLanguage(languagesOf.get(prefix)!)) await on.axe(`${lang} ${label}`);
  };
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    // Every page the step may have been on: the visitor's and any operator's beside it.
    const name = `fail-${prefix}-${lang}-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`;
    await Promise.all(opened.filter((w) => !w.page.isClosed()).map((w, i) => w.shot(i ? `${name}-${i}` : name, { failed: true }).catch(() => undefined)));
  });
  afterAll(async () => {
    await Promise.all(opened.map((w) => w.close()));
    await j.s?.close();
  });
  return j;
};
