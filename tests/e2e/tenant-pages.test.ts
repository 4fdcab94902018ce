import { describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import appsZh from '../../i18n/ui/apps/zh.ts';
import appsEn from '../../i18n/ui/apps/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey, listSettled } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the tenant pages journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

/** react-admin's own labels (i18n/ui/ra-*.ts). */
const RA = { zh: { create: '新增', confirm: '确认', add: '添加' }, en: { create: 'Create', confirm: 'Confirm', add: 'Add' } } as const;
const UI = { zh: { ...zh, ...resZh, ...appsZh }, en: { ...en, ...resEn, ...appsEn } } as const;

/**
 * The tenant's associated organisations (a union BU it is in, the other members, leaving it) and
 * the developer log (its apps' calls and pushes in one search; a row opens the app's own log).
 * In zh and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('tenant pages journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let other: Awaited<ReturnType<typeof tenantWithBu>>;
  let union: { guid: string; name: string };
  let app: { guid: string; name: string };
  const request = `req-${uid()}`;
  const platformLabel = `Platform grade ${uid()}`;
  const ownLabel = `Our shift ${uid()}`;
  const processName = `Scope review ${uid()}`;
  const j = journey(lang, 't', async (s) => {
    tenant = await tenantWithBu(s);
    other = await tenantWithBu(s);
    const op = await s.login();
    union = (await s.post('/open/admin/system/union-bu/add', { name: `Union ${uid()}`, code: `u${uid()}`, bu_guids: [tenant.buGuid, other.buGuid], members_may_leave: true }, { token: op })).data;
    await s.post('/open/system/dict/add', { type: 'grade', label: platformLabel, value: `g${uid()}` }, { token: op });
    // An approval process for the BU's scope applications, and one application waiting for it.
    const role = (await s.post('/open/system/role/add', { name: `Lead ${uid()}` }, { token: tenant.token })).data;
    await s.post('/open/system/process/add', { name: processName, code: 'scope', trigger: 'scope_application', steps: [{ name: 'Lead', role_guid: role.guid }] }, { token: tenant.token });
    await s.post('/open/system/process/add', { name: 'Leave', code: 'leave', trigger: 'open_api', steps: [{ name: 'Lead', role_guid: role.guid }] }, { token: tenant.token });
    app = (await s.post('/open/app/create', { name: `Portal ${uid()}`, code: `portal-${uid()}` }, { token: tenant.token })).data;
    await s.db.query("insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at) values (gen_random_uuid(), $1, $2, 'member.get', 200, 200, 4, $3, now() - interval '5 minutes')", [app.guid, tenant.buGuid, request]);
    await s.db.query(
      "insert into event_attempt (id, event_id, app_guid, bu_guid, event_type, attempt, http_status, ms, answer, created_at) values (gen_random_uuid(), $1, $2, $3, 'contact.user.created_v3', 1, 500, 9, '', now() - interval '3 minutes')",
      [`evt-${uid()}`, app.guid, tenant.buGuid],
    );
  });

  it('the BU sees its union and the other member, and leaves it after confirming', async () => {
    const { page } = j.w;
    await j.signIn(tenant);
    await page.goto(`${j.base}/account/associated-organize`);
    await page.getByText(union.name).waitFor();
    const otherName = (await j.s.db.query<{ name: string }>('select name from bu where guid = $1', [other.buGuid])).rows[0].name;
    await page.getByText(otherName, { exact: false }).first().waitFor();
    await j.shot('01-unions');
    await page.getByTestId('action-leave').click();
    await page.locator('.ra-confirm').click();
    await page.getByText(t('record_actions.union-membership.leave_done').replace('%{name}', union.name)).waitFor();
    await expect.poll(() => page.getByText(union.name).count(), { timeout: 10_000 }).toBe(0);
    const members = (await j.s.db.query<{ bu_guids: string[] }>('select bu_guids from union_bu where guid = $1', [union.guid])).rows[0].bu_guids;
    expect(members).toEqual([other.buGuid]);
  });

  it('the developer log shows the app’s call and push together; a call opens the app’s own log', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/developer/log`);
    await page.getByTestId('devlog-api').waitFor();
    await page.getByTestId('devlog-event').waitFor();
    expect(await page.getByTestId('log-rows').locator('tbody tr').count()).toBe(2);
    await j.shot('02-developer-log');
    await page.getByRole('link', { name: new RegExp(request) }).click();
    await page.waitForURL((u) => u.pathname === `/business/app/${app.guid}/log`);
    await page.getByTestId('app-log').getByText(request).waitFor();
    await j.shot('03-app-log');
  });

  it('the business dictionary: the BU adds its own item, reads the platform’s, switches a member field', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/business/dict-manage`);
    await listSettled(page);
    await page.getByRole('link', { name: RA[lang].create }).click();
    await page.locator('input[name=type]').fill('shift');
    await page.locator('input[name=label]').fill(ownLabel);
    await page.locator('[name=value]').fill('early');
    await page.locator('button[type=submit]').click();
    await page.getByText(ownLabel).first().waitFor();
    await j.shot('04-bu-dict');
    await page.getByTestId('tab-/business/dict-manage/platform').click();
    await page.getByText(platformLabel).first().waitFor();
    expect(await page.getByRole('link', { name: RA[lang].create }).count()).toBe(0);
    await j.shot('05-platform-dict');
    await page.getByTestId('tab-/business/dict-manage/fields').click();
    const row = page.getByRole('row').filter({ hasText: t('resources.member.fields.english_name') });
    await row.getByRole('button', { name: t('record_actions.field-status.disable') }).click();
    await page.getByRole('dialog').getByRole('button', { name: RA[lang].confirm }).click();
    await row.getByRole('button', { name: t('record_actions.field-status.enable') }).waitFor();
    await j.shot('06-member-fields');
    const off = await j.s.db.query('select enabled from custom_field_status where bu_guid = $1 and field = $2', [tenant.buGuid, 'english_name']);
    expect(off.rows).toEqual([{ enabled: false }]);
  });

  it('approval processes: the BU’s processes, an application waiting for its approver, approved; the app’s process engine page', async () => {
    const { page } = j.w;
    await j.s.post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: tenant.token });
    await page.goto(`${j.base}/business/process`);
    await page.getByText(processName).first().waitFor();
    await j.shot('07-processes');
    await page.getByRole('link', { name: RA[lang].create }).click();
    await page.locator('[name=name]').waitFor();
    await page.getByRole('button', { name: RA[lang].add }).click();
    await page.locator('[name="steps.0.name"]').fill('Lead');
    await j.shot('07b-process-form');
    await page.goBack();
    await page.getByTestId('tab-/business/process/instance').click();
    const row = page.getByRole('row').filter({ hasText: app.name });
    await row.getByText(t('resources.process-instance.values.state.0')).waitFor();
    await j.shot('08-approvals');
    await row.getByRole('button', { name: t('record_actions.process-instance.approve') }).click();
    await page.getByRole('dialog').getByRole('button', { name: RA[lang].confirm }).click();
    await row.getByText(t('resources.process-instance.values.state.1')).waitFor();
    const status = await j.s.db.query('select status from audit_record where app_guid = $1', [app.guid]);
    expect(status.rows).toEqual([{ status: 0 }]);
    await page.goto(`${j.base}/business/app/${app.guid}/ability/processEngine`);
    await page.getByTestId('engine-unbound').waitFor();
    await page.getByText('leave', { exact: true }).waitFor();
    await j.shot('09-process-engine');
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
