import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import docsEn from '../../i18n/documents/en.ts';
import docsZh from '../../i18n/documents/zh.ts';
import en from '../../i18n/ui/en.ts';
import zh from '../../i18n/ui/zh.ts';
import { CHROMIUM, chromiumAvailable, launch, watchPage, type Watched } from '../helpers/browser.ts';
import { DIST } from '../helpers/journey.ts';
import { ADMIN, startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { axeLanguage } from '../helpers/axe.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the navigation journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh, en } as const;
const DOCS = { zh: docsZh, en: docsEn } as const;
type Lang = keyof typeof UI;

/**
 * Moving through the consoles by clicks alone, from `/`: the header's sections lead to every part
 * of the tenant console, sidebar entries are links, breadcrumbs name the record, every page has a
 * tab title of its own; a sub-account granted only the enterprise panel opens it; an operator
 * following the quick start's link into the tenant console is told why not, in an operator's
 * words, inside the console. One server and one browser; zh in full, the main path again in en.
 */
let s: TestServer;
let base: string;
let browser: Browser;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let panelOnly: Awaited<ReturnType<typeof activeSub>>;
let app: { guid: string; name: string };
const watched: Watched[] = [];

beforeAll(async () => {
  if (!available) return;
  s = await startServer({ options: { staticDir: resolve(DIST) } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  owner = await tenantWithBu(s);
  app = (await s.post('/open/app/create', { name: `Portal ${uid()}`, code: `portal-${uid()}` }, { token: owner.token })).data;
  // A role granting the enterprise panel alone, as ticking it in the grant tree does (the node and its buttons).
  const role = (await s.post('/open/system/role/add', { name: `Panel ${uid()}` }, { token: owner.token })).data.guid as string;
  const nodes = (await s.post('/open/system/role/auth-list', { guid: role }, { token: owner.token })).data.list as { guid: string; parent_guid: string | null; code: string }[];
  const panel = nodes.find((n) => n.code === 'tenant:enterprise-panel')!;
  const granted = nodes.filter((n) => n.guid === panel.guid || n.parent_guid === panel.guid).map((n) => n.guid);
  await s.post('/open/system/role/auth', { guid: role, permission_guids: granted }, { token: owner.token });
  panelOnly = await activeSub(s, owner.token, [role]);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const LANGS = ['zh', 'en'] as const;

describe.skipIf(!available).each(LANGS)('navigation journey (Chromium, %s)', (lang: Lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  let w: Watched;
  let page: Page;
  const titles = new Map<string, string>();
  const open = async () => {
    const on = await watchPage(browser);
    await on.page.addInitScript((l) => localStorage.setItem('open:language', JSON.stringify(l)), lang);
    watched.push(on);
    return on;
  };
  const shot = async (label: string, on: Watched = w) => {
    await on.shot(`nav-${lang}-${label}`);
    if (lang === axeLanguage(LANGS)) await on.axe(`${lang} ${label}`);
  };
  /** The tab title once the page has set its own (it starts with the page's name), remembered by page. */
  const title = async (label: string, name: string, on: Page = page) => {
    await on.waitForFunction((n) => document.title.startsWith(`${n} - `), name);
    titles.set(label, await on.title());
  };
  const signIn = async (on: Page, who: { username: string; password: string }) => {
    await on.fill('input[name=username]', who.username);
    await on.fill('input[name=password]', who.password);
    await on.click('[data-testid=login-submit]');
    await on.waitForURL((u) => !u.pathname.startsWith('/login'));
  };

  beforeAll(async () => {
    w = await open();
    page = w.page;
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-nav-${lang}-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`, { failed: true }).catch(() => undefined);
  });

  it('from the home page the owner signs in and lands in the console, whose header names its sections', async () => {
    await page.goto(`${base}/`);
    await page.getByTestId('login-button').click();
    await signIn(page, owner);
    await page.getByTestId('counts-screen').waitFor();
    const nav = page.getByRole('navigation', { name: t('header.sections') });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual([t('route.account'), t('route.business'), t('route.developer'), t('route.service_provider')]);
    expect(await nav.getByRole('link', { name: t('route.account') }).getAttribute('aria-current')).toBe('page');
    await title('panel', t('route.enterprise_panel'));
    await shot('01-panel');
  });

  it('every sidebar entry that opens a page is a link with its address', async () => {
    const entries = page.getByTestId('sidebar').locator('li > .MuiListItemButton-root:not(.Mui-disabled)');
    const hrefs = await entries.evaluateAll((els) => els.map((e) => (e.tagName === 'A' ? e.getAttribute('href') : null)));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.every((h) => h?.startsWith('/account/'))).toBe(true);
    await page.getByTestId('sidebar').getByRole('link', { name: t('route.order'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/account/order');
    await title('orders', t('route.order'));
  });

  it('the header leads to the business section, its sidebar to the apps, an app names itself in the breadcrumbs', async () => {
    await page.getByRole('navigation', { name: t('header.sections') }).getByRole('link', { name: t('route.business') }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/business/'));
    await title('business', t('route.dict_manage'));
    await page.getByTestId('sidebar').getByRole('link', { name: t('route.app'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/business/app');
    await title('apps', t('route.app'));
    await shot('02-apps');
    await page.getByText(app.name).first().click();
    await page.waitForURL((u) => u.pathname === `/business/app/${app.guid}/config`);
    const crumbs = page.getByTestId('breadcrumbs');
    await expect.poll(() => crumbs.innerText()).toContain(app.name);
    expect((await crumbs.innerText()).split(/\s*\/\s*|\n/).filter(Boolean)).toEqual([t('route.business'), t('route.app'), app.name, t('route.app_config')]);
    // The section's crumb opens the section's first page, as the header's entry does (not a redirect).
    expect(await crumbs.getByRole('link', { name: t('route.business') }).getAttribute('href')).toBe('/business/dict-manage');
    await title('app', t('route.app_config'));
    expect(titles.get('app')).toContain(app.name);
    await shot('03-app');
    // The app's sidebar leads back to the list it was opened from.
    await page.getByTestId('sidebar-back').click();
    await page.waitForURL((u) => u.pathname === '/business/app');
  });

  it('the developer section and back to the account, by the header', async () => {
    const nav = page.getByRole('navigation', { name: t('header.sections') });
    await nav.getByRole('link', { name: t('route.developer') }).click();
    await page.waitForURL((u) => u.pathname === '/developer/log');
    await title('developer-log', t('route.developer_log'));
    await page.getByTestId('sidebar').getByRole('link', { name: t('route.developer_console') }).click();
    await page.waitForURL((u) => u.pathname === '/developer/console');
    await title('debug-console', t('route.developer_console'));
    await shot('04-debug-console');
    await nav.getByRole('link', { name: t('route.account') }).click();
    await page.waitForURL((u) => u.pathname === '/account/enterprise-panel');
    // Back on the site, the footer's console link opens the console's first page, as the user menu's does.
    await page.getByTestId('back-to-site').click();
    await page.waitForURL((u) => u.pathname === '/');
    const footerConsole = page.getByRole('contentinfo').getByRole('link', { name: t('header.console') });
    await expect.poll(() => footerConsole.getAttribute('href')).toBe('/account/enterprise-panel');
    await footerConsole.click();
    await page.waitForURL((u) => u.pathname === '/account/enterprise-panel');
  });

  it('each page the journey opened has a tab title of its own', () => {
    const all = [...titles.values()];
    expect(new Set(all).size, all.join(' | ')).toBe(all.length);
  });

  it.skipIf(lang !== 'zh')('a sub-account whose role grants only the enterprise panel opens it', async () => {
    const sub = await open();
    await sub.page.goto(`${base}/login`);
    await signIn(sub.page, panelOnly);
    await sub.page.waitForURL((u) => u.pathname === '/account/enterprise-panel');
    await sub.page.getByTestId('counts-screen').waitFor();
    expect(await sub.page.getByTestId('refused').count()).toBe(0);
    await shot('05-sub-panel', sub);
  });

  it.skipIf(lang !== 'zh')("an operator following the quick start's link into the tenant console is told why, in an operator's words, inside the console", async () => {
    const op = await open();
    await op.page.goto(`${base}/adminLogin`);
    await signIn(op.page, ADMIN);
    await op.page.waitForURL((u) => u.pathname.startsWith('/operation'));
    await op.page.getByTestId('back-to-site').click();
    await op.page.waitForURL((u) => u.pathname === '/');
    await op.page.getByRole('link', { name: t('route.developer_doc') }).first().click();
    await op.page.getByRole('link', { name: DOCS[lang]['getting-started'].title }).first().click();
    await op.page.getByRole('link', { name: `${t('route.business')} → ${t('route.app')}` }).click();
    await op.page.waitForURL((u) => u.pathname === '/business/app');
    const refused = op.page.getByTestId('refused');
    await expect.poll(() => refused.innerText()).toContain(t('guard.operator.other_console'));
    expect(await refused.innerText()).not.toContain(t('guard.other_console'));
    await shot('06-operator-refused', op);
    await op.page.getByTestId('refused-console').click();
    await op.page.waitForURL((u) => u.pathname.startsWith('/operation/'));
  });

  it('no browser errors, no critical or serious axe violations', () => {
    expect(watched.flatMap((x) => x.problems)).toEqual([]);
    expect(watched.flatMap((x) => x.violations)).toEqual([]);
  });
});
