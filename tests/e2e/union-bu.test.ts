import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { intoConsole, openFromSidebar } from '../helpers/sidebar.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the union BU journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...comZh, ...resZh }, en: { ...en, ...comEn, ...resEn } } as const;

/**
 * An operator makes a union of two BUs from the union list, by clicks: its page lists the member
 * BUs, and its tabs share a department, a user and an app through pickers, each shown once saved.
 * The member BU's owner sees the union, with the other member, under associated organisations. Axe
 * on every screen; no console errors; no developer error anywhere.
 */
describe.skipIf(!available).each(['zh'] as const)('union BU journey (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string);
  const res = (key: string) => t(`resources.${key}`);
  const n = uid();
  const union = { name: `联合 ${n}`, code: `u${n}` };
  const orgs: { name: string; buGuid: string; dept: string; deptName: string; member: string; memberName: string; app: string; appName: string; username: string; password: string }[] = [];
  const j = journey(lang, 'union', async (s) => {
    for (const tag of ['A', 'B']) {
      const tenant = await tenantWithBu(s);
      const post = async (path: string, body: unknown) => {
        const r = await s.post(path, body, { token: tenant.token });
        if (r.code !== 200) throw new Error(`${path}: ${r.message}`);
        return r.data;
      };
      const deptName = `部门${tag} ${n}`;
      const memberName = `成员${tag} ${n}`;
      const appName = `应用${tag} ${n}`;
      const dept = (await post('/open/system/department/add', { name: deptName })).guid;
      const member = (await post('/open/system/member/add', { name: memberName, department_guid: dept, job_number: `J${tag}${n}` })).guid;
      const app = (await post('/open/app/create', { name: appName, code: `app-${tag.toLowerCase()}-${n}` })).guid;
      const name = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [tenant.buGuid])).rows[0].name;
      orgs.push({ name, buGuid: tenant.buGuid, dept, deptName, member, memberName, app, appName, username: tenant.username, password: tenant.password });
    }
  });

  /** Picks `text` in a selection tab's picker and saves the tab. */
  const share = async (page: Page, tab: string, text: string) => {
    await page.getByTestId(`tab-${tab}`).click();
    await page.getByTestId(`selection-${tab}`).waitFor();
    await page.getByTestId(`pick-${tab}`).fill(text);
    await page.getByRole('option', { name: new RegExp(text) }).first().click();
    await page.getByTestId(`save-${tab}`).click();
    await expect.poll(() => page.getByTestId(`save-${tab}`).isDisabled()).toBe(true);
    await page.getByTestId(`selection-${tab}`).getByTestId('selection-row').filter({ hasText: text }).waitFor();
  };

  it('an operator makes a union of two BUs, sees its members and shares a department, a user and an app', async () => {
    const op = await j.operator();
    try {
      await operatorJourney(op);
    } catch (e) {
      await op.shot(`fail-union-${lang}-operator`);
      console.log(op.problems);
      throw e;
    }
  });

  const operatorJourney = async (op: Watched) => {
    const { page } = op;
    await openFromSidebar(page, '/operation/union-bu');
    await page.getByTestId('list-empty').getByRole('link').click();
    await page.getByLabel(res('union-bu.fields.name')).fill(union.name);
    await page.getByLabel(res('union-bu.fields.code')).fill(union.code);
    for (const o of orgs) {
      await page.getByLabel(res('union-bu.fields.bu_guids')).fill(o.name.slice(0, 8));
      await page.getByRole('option', { name: o.name }).click();
    }
    await j.shot('01-create', op);
    await page.locator('button[type=submit]').click();
    // The new union opens its own page.
    await page.waitForURL((u) => /^\/operation\/union-bu\/[0-9a-f-]{36}\/edit$/.test(u.pathname));
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(union.name);
    const guid = page.url().split('/').at(-2)!;

    await page.getByTestId('tab-members').click();
    const members = page.getByTestId('selection-members');
    await expect.poll(() => members.getByTestId('selection-row').count()).toBe(2);
    for (const o of orgs) await members.getByText(o.name).waitFor();
    await j.shot('02-members', op);

    await share(page, 'departments', orgs[0].deptName);
    await j.shot('03-departments', op);
    await share(page, 'users', orgs[1].memberName);
    await j.shot('04-users', op);
    await share(page, 'apps', orgs[0].appName);
    await j.shot('05-apps', op);

    const row = (await j.s.db.query<{ bu_guids: string[] }>('select bu_guids, dept_guids, user_guids, app_guids from union_bu where guid = $1', [guid])).rows[0];
    expect([...row.bu_guids].sort()).toEqual(orgs.map((o) => o.buGuid).sort());
    expect(row).toMatchObject({ dept_guids: [orgs[0].dept], user_guids: [orgs[1].member], app_guids: [orgs[0].app] });

    // A reload shows what is shared, as saved.
    await page.reload();
    await page.getByTestId('selection-apps').getByText(orgs[0].appName).waitFor();
    // No screen of the journey shows a developer's error.
    for (const tab of ['edit', 'members', 'departments', 'users', 'apps']) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForURL((u) => u.pathname.endsWith(`/${tab}`));
      expect(await page.locator('body').innerText()).not.toMatch(/has no \w+ call|unknown resource|no mount at/);
    }
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  };

  it('the member BU sees the union and the other member under associated organisations', async () => {
    await j.signIn(orgs[0]);
    const { page } = j.w;
    await intoConsole(page);
    await openFromSidebar(page, '/account/associated-organize');
    const list = page.getByTestId('resource-list');
    await list.getByText(union.name).waitFor();
    await list.getByText(orgs[1].name, { exact: false }).waitFor();
    await j.shot('06-member-sees');
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
