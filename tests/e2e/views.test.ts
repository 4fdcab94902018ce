import { describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import srvZh from '../../i18n/server/zh.ts';
import srvEn from '../../i18n/server/en.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the views journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...srvZh, ...resZh }, en: { ...en, ...srvEn, ...resEn } } as const;
/** react-admin's own labels (i18n/ui/ra-*.ts). */
const RA = { zh: { save: '保存', confirm: '确认', edit: '编辑', cancel: '取消' }, en: { save: 'Save', confirm: 'Confirm', edit: 'Edit', cancel: 'Cancel' } } as const;

/**
 * Product staff shape a list without code (docs/views.md): in the column designer they move,
 * hide and retitle the dictionary list's columns for one operator role, watching the live preview;
 * on the list they filter it and publish the view to that role. An operator holding the role sees
 * both after a reload; one holding another role sees neither, and saves and deletes a view of
 * their own. In zh and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('list views journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const title = lang === 'zh' ? '显示名' : 'Display name';
  const viewName = lang === 'zh' ? '货币' : 'Currencies';
  const ownName = lang === 'zh' ? '按排序' : 'By order';
  const roles = { sales: `Sales ${uid()}`, support: `Support ${uid()}` };
  const users = { sales: `sales_${uid()}`, support: `support_${uid()}` };
  const j = journey(lang, 'views', async (s) => {
    const admin = await s.login();
    const perms = (await s.db.query<{ guid: string }>("select guid from permission where scene = 'admin' and (code like 'admin:dict%' or code = 'admin:system')")).rows.map((r) => r.guid);
    for (const who of ['sales', 'support'] as const) {
      const role = await s.post('/open/admin/system/role/add', { name: roles[who] }, { token: admin });
      await s.post('/open/admin/system/role/auth', { guid: role.data.guid, permission_guids: perms }, { token: admin });
      const user = await s.post('/open/admin/system/user/add', { username: users[who], password: 'Views1234', role_guids: [role.data.guid] }, { token: admin });
      if (user.code !== 200) throw new Error(user.message);
    }
    for (const [type, value] of [['currency', `X${uid()}`], ['currency', `Y${uid()}`], ['region', `R${uid()}`]]) {
      const r = await s.post('/open/system/dict/add', { type, label: `${type} ${value}`, value, remark: 'seeded remark' }, { token: admin });
      if (r.code !== 200) throw new Error(r.message);
    }
  });

  const signInAs = async (username: string) => {
    const w = await j.page();
    await w.page.goto(`${j.base}/adminLogin`);
    await w.page.fill('input[name=username]', username);
    await w.page.fill('input[name=password]', 'Views1234');
    await w.page.click('[data-testid=login-submit]');
    await w.page.waitForURL((u) => u.pathname.startsWith('/operation'));
    return w;
  };
  const headers = async (w: Watched) => (await w.page.getByTestId('resource-list').locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);

  it('product staff reorder, hide and retitle columns for a role, with a live preview', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/dict`);
    await op.page.getByTestId('configure-columns').click();
    await op.page.getByTestId('column-designer').waitFor();
    // The role, found by typing part of its name.
    await op.page.getByTestId('audience').locator('input').fill(roles.sales.slice(0, 9));
    await op.page.getByRole('option', { name: roles.sales }).click();
    await op.page.getByTestId('designer-up-value').click();
    await op.page.getByTestId('designer-up-value').click();
    await op.page.getByTestId('designer-visible-remark').locator('input').uncheck();
    await op.page.getByTestId(`designer-title-${lang}-label`).fill(title);
    await op.page.getByTestId('designer-pin-value').click();
    await op.page.getByRole('option', { name: t('resources.column-config.values.pin.left') }).click();
    // The preview follows at once: the new title, the new order, no remark.
    const preview = op.page.getByTestId('designer-preview');
    await preview.getByRole('columnheader', { name: title }).waitFor();
    const previewHeaders = (await preview.locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(previewHeaders).toEqual([t('resources.dict.fields.value'), t('resources.dict.fields.type'), title, t('resources.dict.fields.sort'), t('resources.dict.fields.status')]);
    await preview.getByText('seeded remark').waitFor({ state: 'detached' });
    await j.shot('01-designer', op);
    await op.page.getByRole('button', { name: RA[lang].save }).click();
    await op.page.waitForURL((u) => u.pathname === '/operation/columns');
    const set = op.page.getByRole('row').filter({ hasText: roles.sales });
    // The set's columns by their titles, the hidden one left out.
    await set.getByText(title).waitFor();
    expect(await set.getByText(t('resources.dict.fields.remark')).count()).toBe(0);
    await j.shot('02-sets', op);
    // Reset to the list's default, in the designer: the preview shows the definition's columns again (not saved).
    await set.getByRole('link', { name: RA[lang].edit }).click();
    await op.page.getByTestId('designer-reset').click();
    await preview.getByRole('columnheader', { name: t('resources.dict.fields.remark') }).waitFor();
    expect(await preview.getByRole('columnheader', { name: title }).count()).toBe(0);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('product staff publish a filtered view of the list to the role', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/dict?${new URLSearchParams({ filter: JSON.stringify({ type: 'currency' }), displayedFilters: JSON.stringify({ type: true }) })}`);
    await op.page.getByText('seeded remark').first().waitFor();
    await op.page.getByTestId('view-save-open').click();
    await op.page.getByTestId('view-name').fill(viewName);
    await op.page.getByRole('radio', { name: t('views.publish_role') }).check();
    await op.page.getByRole('dialog').getByTestId('audience').locator('input').fill(roles.sales.slice(0, 9));
    await op.page.getByRole('option', { name: roles.sales }).click();
    await j.shot('03-publish', op);
    await op.page.getByTestId('view-save').click();
    // The role's set hides the remark: a view for its holders cannot bring it back (docs/views.md, precedence).
    const refusal = op.page.getByTestId('view-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(t('server.view_column_hidden').replace('%{role}', roles.sales).replace('%{field}', t('resources.dict.fields.remark')));
    await op.page.getByRole('dialog').getByRole('button', { name: RA[lang].cancel }).click();
    // The publisher hides the remark for themself, and publishes what is left.
    await op.page.getByTestId('my-columns').click();
    // Saved on the server, then the list reads its settings again: the box clears once that is done.
    const remarkBox = op.page.getByRole('checkbox', { name: t('resources.dict.fields.remark') });
    await remarkBox.click();
    await expect.poll(() => remarkBox.isChecked()).toBe(false);
    await op.page.keyboard.press('Escape');
    await op.page.getByText('seeded remark').first().waitFor({ state: 'detached' });
    await op.page.getByTestId('view-save-open').click();
    await op.page.getByTestId('view-name').fill(viewName);
    await op.page.getByRole('radio', { name: t('views.publish_role') }).check();
    await op.page.getByRole('dialog').getByTestId('audience').locator('input').fill(roles.sales.slice(0, 9));
    await op.page.getByRole('option', { name: roles.sales }).click();
    await op.page.getByTestId('view-save').click();
    // Published for the role's holders, who the publisher is not: a notice, and the view in the published views.
    await op.page.getByText(t('views.published_for').replace('%{role}', roles.sales)).waitFor();
    expect(await op.page.getByRole('tab', { name: viewName }).count()).toBe(0);
    await op.page.goto(`${j.base}/operation/views`);
    const row = op.page.getByRole('row').filter({ hasText: viewName }).filter({ hasText: roles.sales });
    await row.waitFor();
    await j.shot('04-published-views', op);
    // Its form shows the filters and sort as set on the list.
    await row.getByRole('link', { name: RA[lang].edit }).click();
    await op.page.getByTestId('view-summary-filters').getByText('currency').waitFor();
    await j.shot('04b-published-view-form', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('a holder of the role sees the set and the view after a reload; another role sees neither', async () => {
    const sales = await signInAs(users.sales);
    await sales.page.goto(`${j.base}/operation/dict`);
    await sales.page.getByRole('columnheader', { name: title }).waitFor();
    expect((await headers(sales)).slice(0, 5)).toEqual([t('resources.dict.fields.value'), t('resources.dict.fields.type'), title, t('resources.dict.fields.sort'), t('resources.dict.fields.status')]);
    // The pinned column holds the left edge while the list scrolls sideways.
    const pinned = sales.page.getByTestId('resource-list').locator('thead th.column-value');
    expect(await pinned.evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
    await sales.page.getByRole('tab', { name: viewName }).click();
    await sales.page.waitForURL((u) => u.searchParams.has('view'));
    await sales.page.reload();
    await expect.poll(() => sales.page.getByRole('tab', { name: viewName, selected: true }).count()).toBe(1);
    const rows = sales.page.getByTestId('resource-list').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('currency');
    await j.shot('05-role-sees', sales);
    expect(sales.problems).toEqual([]);
    expect(sales.violations).toEqual([]);

    const support = await signInAs(users.support);
    await support.page.goto(`${j.base}/operation/dict`);
    await support.page.getByRole('columnheader', { name: t('resources.dict.fields.label') }).waitFor();
    expect(await headers(support)).toContain(t('resources.dict.fields.remark'));
    expect(await support.page.getByRole('columnheader', { name: title }).count()).toBe(0);
    expect(await support.page.getByRole('tab', { name: viewName }).count()).toBe(0);
    await j.shot('06-other-role', support);
    expect(support.problems).toEqual([]);
    expect(support.violations).toEqual([]);
  });

  it('a person saves a view of their own, finds it again, and deletes it after confirming', async () => {
    const support = await signInAs(users.support);
    await support.page.goto(`${j.base}/operation/dict`);
    await support.page.getByRole('columnheader', { name: t('resources.dict.fields.label') }).waitFor();
    await support.page.getByTestId('view-save-open').click();
    // Only product staff publish: a person saves for themself.
    expect(await support.page.getByRole('radio').count()).toBe(0);
    await support.page.getByTestId('view-save').click();
    await support.page.getByTestId('view-error').waitFor();
    await support.page.getByTestId('view-name').fill(ownName);
    await support.page.keyboard.press('Enter');
    await support.page.getByRole('tab', { name: ownName, selected: true }).waitFor();
    await support.page.reload();
    await support.page.getByRole('tab', { name: ownName, selected: true }).waitFor();
    await j.shot('07-own-view', support);
    await support.page.getByTestId('view-delete').click();
    await support.page.getByRole('dialog').getByRole('button', { name: RA[lang].confirm }).click();
    await support.page.getByRole('tab', { name: t('views.default'), selected: true }).waitFor();
    expect(await support.page.getByRole('tab', { name: ownName }).count()).toBe(0);
    expect(support.problems).toEqual([]);
    expect(support.violations).toEqual([]);
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
