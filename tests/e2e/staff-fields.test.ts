import { describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import srvZh from '../../i18n/server/zh.ts';
import srvEn from '../../i18n/server/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the staff fields journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

/** react-admin's own labels (i18n/ui/ra-*.ts). */
const RA = { zh: { create: '新增', confirm: '确认' }, en: { create: 'Create', confirm: 'Confirm' } } as const;
const UI = { zh: { ...zh, ...srvZh, ...comZh, ...resZh }, en: { ...en, ...srvEn, ...comEn, ...resEn } } as const;

/**
 * An operator adds a custom field to staff (an e-mail, unique in the BU); it appears in the staff
 * list and form without code changes; a bad value is refused in the form with the format's
 * sentence and a good one is saved into the real column; the BU's member form shows the field
 * too, until the operator turns it off on the BU's page. In zh and en; axe on every screen; no
 * console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('staff custom fields journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const res = (key: string) => t(`resources.${key}`);
  const field = `badge_${uid()}`;
  const names = { zh: '工牌邮箱', en: 'Badge e-mail' };
  const display = names[lang];
  const member = `Alice ${uid()}`;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let memberGuid: string;
  const j = journey(lang, 'sf', async (s) => {
    tenant = await tenantWithBu(s);
    // The organisation pages open for a certified BU.
    const org = await s.post('/open/system/org/add', { company_name: `Co ${uid()}`, credit_code: '91350100M000100Y43' }, { token: tenant.token });
    const certified = await s.post('/open/admin/system/bu-management/auth/update', { bu_guid: tenant.buGuid, guid: org.data.guid, auth_state: 2 }, { token: await s.login() });
    if (certified.code !== 200) throw new Error(certified.message);
    const r = await s.post('/open/system/member/add', { name: member, job_number: `A${uid()}` }, { token: tenant.token });
    memberGuid = r.data.guid;
  });

  it('the operator adds a custom field to staff: a bad database name is refused, the field is saved', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/staff-field/create`);
    await op.page.getByLabel(res('custom-field.fields.field_name')).fill('Badge Mail');
    // Named in zh and en (hk left empty falls back to zh): each reader sees their own.
    // The label alone, or with the required marker.
    const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
    await op.page.getByLabel(exactly(res('custom-field.fields.display_name'))).fill(names.zh);
    await op.page.getByLabel(exactly(res('custom-field.fields.display_name_en'))).fill(names.en);
    await op.page.getByLabel(res('custom-field.fields.data_type')).click();
    await op.page.getByRole('option', { name: res('custom-field.values.data_type.varchar') }).click();
    await op.page.getByLabel(res('custom-field.fields.form_type')).click();
    await op.page.getByRole('option', { name: res('custom-field.values.form_type.input') }).click();
    await op.page.getByLabel(res('custom-field.fields.text_length')).fill('64');
    await op.page.getByLabel(res('custom-field.fields.formats')).click();
    await op.page.getByRole('option', { name: res('custom-field.values.formats.EMAIL') }).click();
    await op.page.getByRole('option', { name: res('custom-field.values.formats.DISTINCT') }).click();
    await op.page.keyboard.press('Escape');
    await op.page.locator('button[type=submit]').click();
    await op.page.getByText(t('validation.field_name_format')).first().waitFor();
    await j.shot('01-field-name-refused', op);
    await op.page.getByLabel(res('custom-field.fields.field_name')).fill(field);
    await op.page.locator('button[type=submit]').click();
    await op.page.getByText(field).first().waitFor();
    await j.shot('02-fields', op);
    const column = await j.s.db.query<{ type: string }>(
      `select format_type(a.atttypid, a.atttypmod) as type from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = 'member' and a.attname = $1 and not a.attisdropped`,
      [field],
    );
    expect(column.rows[0]?.type).toBe('character varying(64)');
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the field is in the staff list and form; a bad value is refused in the form, a good one saved', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/staff`);
    await op.page.getByRole('columnheader', { name: display }).waitFor();
    await op.page.getByText(member).first().waitFor();
    await j.shot('03-staff-list', op);
    await op.page.goto(`${j.base}/operation/staff/${memberGuid}`);
    const input = op.page.getByLabel(display);
    await input.fill('not-an-email');
    await op.page.locator('button[type=submit]').click();
    await op.page.getByText(t('validation.email_format')).first().waitFor();
    expect(await input.inputValue()).toBe('not-an-email');
    await j.shot('04-staff-form-refused', op);
    await input.fill('alice@example.com');
    await op.page.locator('button[type=submit]').click();
    await op.page.waitForURL((u) => u.pathname === '/operation/staff');
    await op.page.getByText('alice@example.com').first().waitFor();
    const stored = await j.s.db.query(`select "${field}" as v from member where guid = $1`, [memberGuid]);
    expect(stored.rows[0]).toEqual({ v: 'alice@example.com' });
    await j.shot('05-staff-saved', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the BU’s member form has the field until the operator turns it off on the BU’s page', async () => {
    const { page } = j.w;
    await j.signIn(tenant);
    await page.goto(`${j.base}/account/member-manage`);
    await page.getByRole('columnheader', { name: display }).waitFor();
    await page.getByRole('link', { name: RA[lang].create }).click();
    await page.getByLabel(display).waitFor();
    await j.shot('06-member-form');

    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/bu/${tenant.buGuid}/staff-field`);
    const row = op.page.getByRole('row').filter({ hasText: display });
    await row.getByRole('button', { name: t('record_actions.field-status.disable') }).click();
    await op.page.getByRole('dialog').getByRole('button', { name: RA[lang].confirm }).click();
    await row.getByRole('button', { name: t('record_actions.field-status.enable') }).waitFor();
    await j.shot('07-bu-fields', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);

    await page.goto(`${j.base}/account/member-manage`);
    await page.getByText(member).first().waitFor();
    expect(await page.getByRole('columnheader', { name: display }).count()).toBe(0);
    await page.getByRole('link', { name: RA[lang].create }).click();
    await page.locator('input[name=name]').waitFor();
    expect(await page.getByLabel(display).count()).toBe(0);
    await j.shot('08-member-form-without');
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
