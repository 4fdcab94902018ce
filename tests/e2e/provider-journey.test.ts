import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import storeZh from '../../i18n/ui/store/zh.ts';
import storeEn from '../../i18n/ui/store/en.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { pluralForm } from '../../i18n/plural.ts';
import { intoConsole, openFromSidebar } from '../helpers/sidebar.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the service-provider journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...comZh, ...resZh, ...storeZh }, en: { ...en, ...comEn, ...resEn, ...storeEn } } as const;

/**
 * A BU as a service provider, by clicks (docs/store.md, "Service providers"): its developer makes a
 * store app and submits a version asking buyers for member reads; an operator reads it beside what
 * is live and rejects it with a reason, then approves it when submitted again; a visitor finds it in
 * the store and, signed in as another BU, installs it through the consent dialog; the provider sees
 * the installation and the order and answers the buyer's work order; a later version asking for more waits for the buyer's approval,
 * which it gives on its enterprise apps page; the buyer uninstalls it. In zh and en; axe on every screen.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('a service provider publishes, a buyer installs (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), pluralForm(lang, key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string, params));
  const res = (key: string) => t(`resources.${key}`);
  const link = (key: string) => t(`links.${key}`);
  const n = uid();
  const app = { name: `Sync ${n}`, code: `sync-${n}` };
  const className = `People ${n}`;
  const CONFIRM = { zh: '确认', en: 'Confirm' }[lang];
  const scopeName = t('resources.api-group.seeded.contact:member:readonly.name');
  let provider: Awaited<ReturnType<typeof tenantWithBu>>;
  let buyer: Awaited<ReturnType<typeof tenantWithBu>>;
  const j = journey(lang, 'provider', async (s) => {
    [provider, buyer] = [await tenantWithBu(s), await tenantWithBu(s)];
    const cls = await s.post('/open/app/classify/add', { name: className }, { token: await s.login() });
    if (cls.code !== 200) throw new Error(cls.message);
  });
  let op: Watched;
  let shopper: Watched;

  const submit = (page: Page) => page.locator('button[type=submit]').click();
  const pick = async (input: Locator, typed: string, option: string | RegExp) => {
    await input.fill(typed);
    await input.page().getByRole('option', { name: option }).first().click();
  };
  const select = async (input: Locator, option: string) => {
    await input.click();
    await input.page().getByRole('option', { name: option, exact: true }).click();
  };
  const section = (page: Page, title: string) => page.getByRole('navigation', { name: t('header.sections') }).getByRole('link', { name: title }).click();
  const confirm = (page: Page) => page.getByRole('dialog').getByRole('button', { name: CONFIRM }).click();

  it('the provider makes a store app and submits a version of its listing asking buyers for member reads', async () => {
    const { page } = j.w;
    await j.signIn(provider);
    await intoConsole(page);
    await section(page, t('route.business'));
    await openFromSidebar(page, '/business/app');
    await page.locator('a[href="/business/app/create"]').first().click();
    await page.locator('input[name=name]').fill(app.name);
    await page.locator('input[name=code]').fill(app.code);
    await select(page.getByLabel(res('app.fields.type')), res('app.values.type.0'));
    await submit(page);
    await page.waitForURL(/\/business\/app\/[0-9a-f-]{36}\/config$/);

    await section(page, t('route.service_provider'));
    await page.waitForURL((u) => u.pathname === '/service-provider/app');
    await page.getByTestId('list-empty').waitFor();
    await j.shot('01-no-versions');
    await page.getByTestId('list-empty').getByRole('link').click();
    await pick(page.getByLabel(res('app-version.fields.app_guid')), app.name.slice(0, 6), app.name);
    await page.getByLabel(res('app-version.fields.version')).fill('1.0');
    await page.getByLabel(res('app-version.fields.summary')).fill(`Keeps your directory in sync ${n}`);
    await pick(page.getByLabel(res('app-version.fields.scope_guids')), scopeName.slice(0, 2), scopeName);
    await pick(page.getByLabel(res('app-version.fields.classify_guids')), className.slice(0, 6), className);
    await j.shot('02-version-form');
    await submit(page);
    const row = page.getByTestId('resource-list').getByRole('row', { name: new RegExp(app.name) });
    await row.getByText(res('app-version.values.status.0')).waitFor();
    await row.getByTestId('status-submit').click();
    await row.getByText(res('app-version.values.status.1')).waitFor();
    await j.shot('03-in-review');
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });

  it('an operator reads it beside what is live, rejects it with a reason; the provider reads the reason and submits it again; the operator approves it', async () => {
    op = await j.operator();
    await openFromSidebar(op.page, '/operation/store/review');
    const queued = op.page.getByTestId('resource-list').getByRole('row', { name: new RegExp(app.name) });
    await queued.getByText(res('app-version.values.status.1')).waitFor();
    await j.shot('04-review-queue', op);
    await queued.getByText(app.name).click();
    await op.page.getByText(res('app-version.fields.scopes_added'), { exact: true }).waitFor();
    await op.page.getByText(scopeName).first().waitFor();
    await j.shot('05-review-side-by-side', op);
    await op.page.goBack();
    await queued.getByTestId('status-reject').click();
    await op.page.getByRole('dialog').getByRole('textbox').fill('Say which members you read');
    await confirm(op.page);
    await queued.getByText(res('app-version.values.status.3')).waitFor();

    const { page } = j.w;
    await page.reload();
    const mine = page.getByTestId('resource-list').getByRole('row', { name: new RegExp(app.name) });
    await mine.getByText('Say which members you read').waitFor();
    await j.shot('06-rejected-with-reason');
    await mine.getByTestId('status-submit').click();
    await mine.getByText(res('app-version.values.status.1')).waitFor();

    await op.page.reload();
    await queued.getByTestId('status-approve').click();
    await confirm(op.page);
    await queued.getByText(res('app-version.values.status.2')).waitFor();
    await j.shot('07-approved', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('a visitor finds it in the store and, signed in as another BU, installs it after reading what it may do', async () => {
    shopper = await j.page();
    const { page } = shopper;
    await page.goto(`${j.base}/`);
    await page.getByRole('link', { name: t('home.browse_store') }).click();
    await page.getByTestId('store-search').fill(app.name);
    await page.getByTestId('store-search').press('Enter');
    await expect.poll(() => page.getByTestId('store-card').count()).toBe(1);
    await page.getByRole('link').filter({ has: page.getByRole('heading', { name: app.name, exact: true }) }).click();
    await page.waitForURL((u) => /^\/appStore\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByText(`BU ${provider.username}`).first().waitFor();
    await page.getByTestId('buy').click();
    await page.getByTestId('login-to-buy').getByRole('link', { name: t('store.login') }).click();
    await page.fill('input[name=username]', buyer.username);
    await page.fill('input[name=password]', buyer.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => u.pathname.startsWith('/appStore/'));
    await page.getByTestId('buy').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('consent-scope-contact:member:readonly').getByText(scopeName).waitFor();
    await j.shot('08-consent', shopper);
    await page.getByTestId('confirm-buy').click();
    await page.getByTestId('bought').waitFor();
    await j.shot('09-installed', shopper);
    expect(shopper.problems).toEqual([]);
    expect(shopper.violations).toEqual([]);
  });

  it('the provider sees the installation with its grant and the order; the buyer uninstalls it and the installation is gone', async () => {
    const { page } = j.w;
    await openFromSidebar(page, '/service-provider/installation');
    const installed = page.getByTestId('resource-list').getByRole('row', { name: new RegExp(`BU ${buyer.username}`) });
    await installed.getByText(scopeName).waitFor();
    await j.shot('10-installations');
    await openFromSidebar(page, '/service-provider/settlement');
    await page.getByTestId('resource-list').getByText(`BU ${buyer.username}`).waitFor();
    await j.shot('11-settlement');

    // The buyer asks about the app in a work order naming its installation (through the API here); the provider answers it by clicks.
    const installation = (await j.s.db.query<{ guid: string }>('select guid from installed_app where bu_guid = $1', [buyer.buGuid])).rows[0].guid;
    const asked = await j.s.post('/open/app/work-order/save', { title: `Which members ${n}`, description: 'Does it read every member?', installed_app_guid: installation }, { token: buyer.token });
    expect(asked.code, asked.message).toBe(200);
    await openFromSidebar(page, '/service-provider/work-order');
    await page.getByTestId('resource-list').getByText(`Which members ${n}`).click();
    await page.getByTestId('conversation').waitFor();
    await page.getByTestId('conversation-reply').fill('Every member of the departments you pick.');
    await page.getByTestId('conversation-send').click();
    await page.getByTestId('conversation').getByText('Every member of the departments you pick.').waitFor();
    await j.shot('11a-provider-answers');
    // Its app's event log reads one buyer's deliveries at a time.
    await section(page, t('route.business'));
    await openFromSidebar(page, '/business/app');
    await page.getByText(app.name).first().click();
    await page.getByTestId('sidebar').getByRole('link', { name: t('route.app_events'), exact: true }).click();
    await page.getByTestId('event-log-buyer').click();
    await page.getByRole('option', { name: `BU ${buyer.username}` }).click();
    await j.shot('11b-event-log-by-buyer');

    // A second version asks for department reads too (made and approved through the API here): the buyer keeps its grant until it approves.
    const post = (token: string) => (path: string, body: unknown) => j.s.post(path, body, { token });
    const v1 = (await j.s.db.query<{ app_guid: string; scope_guids: string[] }>("select app_guid, scope_guids from app_version where version = '1.0' and bu_guid = $1", [provider.buGuid])).rows[0];
    const departments = (await j.s.db.query<{ guid: string }>("select guid from api_group where code = 'contact:department:readonly'")).rows[0].guid;
    const v2 = await post(provider.token)('/open/service-provider/app-version/add', { app_guid: v1.app_guid, version: '2.0', summary: `Departments too ${n}`, scope_guids: [...v1.scope_guids, departments] });
    expect((await post(provider.token)('/open/service-provider/app-version/submit', { guid: v2.data.guid })).code).toBe(200);
    expect((await post(await j.s.login())('/open/admin/store-review/approve', { guid: v2.data.guid })).code).toBe(200);

    const buyerPage = shopper.page;
    await intoConsole(buyerPage);
    await openFromSidebar(buyerPage, '/account/enterprise/app');
    const row = buyerPage.getByTestId('resource-list').getByRole('row', { name: new RegExp(app.name) });
    const departmentsName = t('resources.api-group.seeded.contact:department:readonly.name');
    await row.getByText(departmentsName).waitFor();
    await j.shot('12-needs-approval', shopper);
    await row.getByTestId('action-consent').click();
    await confirm(buyerPage);
    await row.getByTestId('action-consent').waitFor({ state: 'detached' });
    await expect.poll(async () => (await j.s.db.query<{ scopes: string[] }>('select scopes from installed_app where app_guid = $1', [v1.app_guid])).rows[0].scopes).toEqual(['contact:department:readonly', 'contact:member:readonly']);
    await j.shot('13-approved-access', shopper);
    // The app calls into the buyer's BU with its tenant token; the buyer reads those calls from the app's details.
    const tenant = (await j.s.services.appTokens.issue(v1.app_guid, 7200, buyer.buGuid)).app_access_token;
    expect((await j.s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${tenant}` } })).code).toBe(200);
    await row.locator('a[href$="/show"]').click();
    await buyerPage.getByRole('link', { name: link('app_calls') }).click();
    await buyerPage.waitForURL((u) => u.pathname === '/developer/log' && u.searchParams.get('app_guid') === v1.app_guid);
    await buyerPage.getByTestId('devlog-api').first().waitFor();
    await j.shot('13a-app-calls', shopper);
    await section(buyerPage, t('route.account'));
    await openFromSidebar(buyerPage, '/account/enterprise/app');
    await row.getByRole('checkbox').check();
    // Uninstalling, in those words: the app is not deleted, its access to the BU ends.
    await buyerPage.getByRole('button', { name: t('record_actions.installed-app.uninstall'), exact: true }).click();
    await buyerPage.getByRole('dialog').locator('button.ra-confirm').click();
    await buyerPage.getByTestId('list-empty').waitFor();

    await section(page, t('route.service_provider'));
    await openFromSidebar(page, '/service-provider/installation');
    await page.getByTestId('list-empty').waitFor();
    await j.shot('14-uninstalled');
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
    expect(shopper.problems).toEqual([]);
  });
});
