import { describe, expect, it } from 'vitest';
import demoEn from '../../i18n/demo/en.ts';
import demoZh from '../../i18n/demo/zh.ts';
import storeEn from '../../i18n/ui/store/en.ts';
import storeZh from '../../i18n/ui/store/zh.ts';
import en from '../../i18n/ui/en.ts';
import zh from '../../i18n/ui/zh.ts';
import { fillDemo } from '../../server/demo/fill.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the visitor journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...storeZh }, en: { ...en, ...storeEn } } as const;
const DEMO = { zh: demoZh, en: demoEn } as const;

/**
 * A visitor, by clicks only from `/` (issue 32's click-only suite): home → the store → a category →
 * an app's page → the developer docs by its footer → a document → the header search → back to that document, on
 * a platform the demo filled in the visitor's language. Axe on every page; no browser error.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('a visitor, by clicks (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, v), key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string);
  const demo = DEMO[lang];
  const j = journey(lang, 'visitor', async (s) => {
    await fillDemo(s.app, await s.login(), (to) => s.mails(to).at(-1)?.text, lang);
  });

  it('home → store → a category → an app’s page', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/`);
    await j.shot('01-home');
    await page.locator('footer').getByRole('link', { name: t('route.app_store'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/appStore');
    // The featured apps and the two service providers' (the demo's provider's and the tenant's own), both under operations.
    await expect.poll(() => page.getByTestId('store-card').count()).toBe(Object.keys(demo.store).length + 2);
    await page.getByRole('button', { name: demo.categories.operations, exact: true }).click();
    await expect.poll(() => page.getByTestId('store-card').count()).toBe(5);
    await j.shot('02-category');
    await page.getByRole('link').filter({ has: page.getByRole('heading', { name: demo.store.CONNECT.name, exact: true }) }).click();
    await expect.poll(() => page.getByTestId('app-name').innerText()).toBe(demo.store.CONNECT.name);
    await expect.poll(() => page.getByTestId('app-about').innerText()).toContain(demo.store.CONNECT.description);
    await j.shot('03-app');
  });

  it('→ the developer docs → a document → the header search finds it', async () => {
    const { page } = j.w;
    // An app's page carries the public site's footer, as every public page does (issue 44, item 12).
    await page.locator('footer').getByRole('link', { name: t('route.developer_doc'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/developer/doc');
    await expect.poll(() => page.getByTestId('doc-title').innerText()).toBeTruthy();
    const links = page.getByTestId('doc-tree').getByRole('link');
    await expect.poll(() => links.count()).toBeGreaterThan(1);
    const doc = links.nth(1);
    const title = (await doc.innerText()).trim();
    await doc.click();
    await expect.poll(() => page.getByTestId('doc-title').innerText()).toBe(title);
    await expect.poll(() => page.title()).toContain(title);
    await j.shot('04-document');
    await page.getByRole('search').getByRole('textbox').fill(title);
    await page.getByRole('search').getByRole('textbox').press('Enter');
    await page.waitForURL((u) => u.pathname === '/developer/search');
    const hit = page.getByTestId('search-result').filter({ hasText: title }).first();
    await hit.waitFor();
    await j.shot('05-search');
    await hit.getByRole('link').first().click();
    await expect.poll(() => page.getByTestId('doc-title').innerText()).toBe(title);
  });

  it('left no browser problem and no serious accessibility violation', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
