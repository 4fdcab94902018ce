import { describe, expect, it } from 'vitest';
import demoEn from '../../i18n/demo/en.ts';
import en from '../../i18n/ui/en.ts';
import hk from '../../i18n/ui/hk.ts';
import zh from '../../i18n/ui/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import { fillDemo, type DemoAccount } from '../../server/demo/fill.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { openFromSidebar } from '../helpers/sidebar.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the demo people journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh, hk, en } as const;
const POSITION = 'Account manager';

/**
 * People on `npm run demo`'s data (server/demo/fill.ts, in English), as issue 44 found them: the
 * operator's staff list names each member's department, its search finds a member by a word in
 * another case with a total that counts the rows, and the edit form shows the member's department,
 * superior and position; the demo's member signs in from the home page and lands on a
 * page they may open, in zh and en; a tenant whose organisation is not certified yet sees its organisation and
 * members entries disabled, with a keyboard-reachable way to certification, in zh, hk and en.
 * Clicks and typing only after `/` or a login page; axe on every screen; no console errors.
 */
describe.skipIf(!available)('people on the demo’s data (Chromium, en)', () => {
  let accounts: DemoAccount[];
  let uncertified: Awaited<ReturnType<typeof tenantWithBu>>;
  const j = journey('en', 'people', async (s) => {
    const op = await s.login();
    accounts = await fillDemo(s.app, op, (to) => s.mails(to).at(-1)?.text, 'en');
    // The demo's members have departments; one is given a superior and a position, as a BU would.
    const staff = (await s.post('/open/admin/staff-management/page', { page: 1, page_size: 20 }, { token: op })).data.list as { guid: string; name: string; bu_guid: string }[];
    const [boss, member] = ['Wang Fang', 'Liu Yang'].map((n) => staff.find((m) => m.name === n)!);
    const owner = accounts.find((a) => a.role === 'owner')!;
    const signedIn = await s.post('/open/sys-auth/login', { username: owner.username, password: owner.password });
    const { token } = (await s.post('/open/system/user-bu/select', { guid: member.bu_guid }, { token: signedIn.data.token })).data;
    const position = await s.post('/open/system/position/add', { name: POSITION }, { token });
    const updated = await s.post('/open/system/member/update', { guid: member.guid, superior_guid: boss.guid, position_guid: position.data.guid }, { token });
    if (updated.code !== 200) throw new Error(updated.message);
    uncertified = await tenantWithBu(s);
  });

  it("the operator's staff list names every member's department; the edit form shows department, superior and position", async () => {
    const op = await j.operator();
    await openFromSidebar(op.page, '/operation/staff');
    const row = op.page.getByRole('row', { name: /Liu Yang/ });
    await row.getByText(demoEn.departments.sales, { exact: true }).waitFor();
    for (const [name, department] of [['Wang Fang', 'head'], ['Zhang Wei', 'engineering']] as const) {
      await op.page.getByRole('row', { name: new RegExp(name) }).getByText(demoEn.departments[department], { exact: true }).waitFor();
    }
    expect(await op.page.getByText(en.page.not_readable).count()).toBe(0);
    await j.shot('01-staff', op);
    // A word typed in another case finds its member, and the total counts what the page lists (the
    // count compares the columns joined, the page one column at a time: server/engine/where.ts).
    const search = op.page.getByTestId('list-search').locator('input');
    await search.fill('nw002');
    await search.press('Enter');
    await op.page.getByRole('row', { name: /Wang Fang/ }).waitFor({ state: 'detached' });
    await row.waitFor();
    await op.page.getByText('1-1 of 1', { exact: true }).waitFor();
    await j.shot('01b-staff-searched', op);
    await op.page.getByRole('button', { name: 'Clear value' }).click();
    await op.page.getByRole('row', { name: /Wang Fang/ }).waitFor();
    await row.getByRole('link', { name: 'Edit' }).click();
    await op.page.waitForURL((u) => /^\/operation\/staff\/[0-9a-f-]+$/.test(u.pathname));
    const field = (name: string) => op.page.getByRole('combobox', { name: resEn.resources.member.fields[name as 'department_guid'] });
    // The department picker shows the member's by its path in the BU's tree.
    await expect.poll(() => field('department_guid').inputValue()).toBe(`${demoEn.departments.head} / ${demoEn.departments.sales}`);
    await expect.poll(() => field('superior_guid').inputValue()).toBe('Wang Fang');
    await expect.poll(() => field('position_guid').inputValue()).toBe(POSITION);
    // The pickers offer the member's BU's rows, found by what is typed.
    await field('superior_guid').fill('Zh');
    await op.page.getByRole('option', { name: 'Zhang Wei' }).click();
    await expect.poll(() => field('superior_guid').inputValue()).toBe('Zhang Wei');
    await field('position_guid').click();
    await op.page.getByRole('button', { name: 'Clear' }).click();
    await op.page.getByRole('option', { name: POSITION }).click();
    await expect.poll(() => field('position_guid').inputValue()).toBe(POSITION);
    expect(await op.page.getByText(en.page.not_readable).count()).toBe(0);
    await j.shot('02-staff-edit', op);
    await op.page.locator('button[type=submit]').click();
    await op.page.waitForURL((u) => u.pathname === '/operation/staff');
    const saved = await j.s.db.query<{ superior: string; department: string }>(
      `select s.name as superior, d.name as department from member m join member s on s.guid = m.superior_guid join department d on d.guid = m.department_guid where m.name = 'Liu Yang'`,
    );
    expect(saved.rows).toEqual([{ superior: 'Zhang Wei', department: demoEn.departments.sales }]);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it.each(['zh', 'en'] as const)("the demo's member signs in from the home page by clicks and lands on a page they may open, not a refusal (%s)", async (lang) => {
    const member = accounts.find((a) => a.role === 'member')!;
    const w = await j.page();
    const { page } = w;
    await page.goto(`${j.base}/`);
    if (lang !== 'en') {
      await page.getByTestId('language-switch').click();
      await page.getByTestId(`language-${lang}`).click();
    }
    await page.getByTestId('login-button').click();
    await page.fill('input[name=username]', member.username);
    await page.fill('input[name=password]', member.password);
    await page.click('[data-testid=login-submit]');
    // The login page leaves for the landing itself: the first address after it is where the member stays.
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    expect(new URL(page.url()).pathname).toBe('/account/info');
    await page.getByRole('heading', { level: 1, name: UI[lang].route.info }).waitFor();
    expect(await page.getByTestId('refused').count()).toBe(0);
    // It is the first page of the member's menu they may open; the enterprise panel, which their role does not grant, shows disabled.
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.locator('a[data-testid^="menu-/"]').first().getAttribute('href')).toBe('/account/info');
    expect(await sidebar.getByTestId('menu-/account/enterprise-panel').getAttribute('aria-disabled')).toBe('true');
    await j.shot(`03-member-landed-${lang}`, w);
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });

  it('before certification, organisation and members show disabled with a way to certification, by keyboard, in zh, hk and en', async () => {
    const w = await j.page();
    await w.page.goto(`${j.base}/login`);
    await w.page.fill('input[name=username]', uncertified.username);
    await w.page.fill('input[name=password]', uncertified.password);
    await w.page.click('[data-testid=login-submit]');
    await w.page.waitForURL((u) => u.pathname === '/account/enterprise-panel');
    for (const lang of ['en', 'zh', 'hk'] as const) {
      const t = UI[lang];
      if (lang !== 'en') {
        await w.page.getByTestId('language-switch').click();
        await w.page.getByTestId(`language-${lang}`).click();
      }
      for (const [url, title] of [['/account/organzize', t.route.organize], ['/account/member-manage', t.route.member_manage]] as const) {
        const entry = w.page.getByTestId(`menu-${url}`);
        await entry.getByText(title, { exact: true }).waitFor();
        expect(await entry.getAttribute('aria-disabled')).toBe('true');
        const hint = w.page.getByTestId(`menu-certify-${url}`);
        await expect.poll(() => hint.innerText()).toBe(t.guard.menu_uncertified);
        expect(await hint.getAttribute('aria-label')).toBe(t.guard.menu_uncertified_named.replace('%{page}', title));
      }
      await j.shot(`04-uncertified-menu-${lang}`, w);
    }
    // Reached by the keyboard alone: Tab moves to the hint, Enter opens the certification page.
    const hint = '[data-testid="menu-certify-/account/organzize"]';
    for (let i = 0; i < 60 && !(await w.page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, hint)); i++) await w.page.keyboard.press('Tab');
    expect(await w.page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, hint)).toBe(true);
    await w.page.keyboard.press('Enter');
    await w.page.waitForURL((u) => u.pathname === '/account/enterprise/info/certification');
    await w.page.getByTestId('single-screen').waitFor();
    await j.shot('05-certification', w);
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });
});
