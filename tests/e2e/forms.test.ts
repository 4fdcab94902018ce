import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { pngOf } from '../helpers/images.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { openFromSidebar } from '../helpers/sidebar.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the forms journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const RES = { zh: resZh, en: resEn } as const;

/**
 * Issue 33 items 3 and 4, by clicks, in zh and en: a developer's new app marks its required fields
 * (no browser tooltip, the form's own sentences); its icon is an upload: a 100×100 image is refused
 * in the browser with the rule's sentence, a 240×240 one previews and is saved with the app; an
 * operator's order form says a required picker left empty is required, and the payment dialog on an
 * order's page can be cancelled. Axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('forms journey (Chromium, %s)', (lang) => {
  const res = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], RES[lang]) as string;
  const say = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let order: string;
  const item = `Seats ${uid()}`;
  const dir = join(tmpdir(), `forms-${lang}-${uid()}`);
  mkdirSync(dir, { recursive: true });
  const small = join(dir, 'icon.png');
  const good = join(dir, 'good.png');
  writeFileSync(small, pngOf(100, 100));
  writeFileSync(good, pngOf(240, 240));
  const j = journey(lang, 'f', async (s) => {
    tenant = await tenantWithBu(s);
    const admin = await s.login();
    const made = await s.post('/open/admin/order-management/save-order', { bu_guid: tenant.buGuid, app_name: item, amount: 120000 }, { token: admin });
    expect(made.code, made.message).toBe(200);
    order = made.data.guid;
  });

  it('a new app marks its required fields and says "required" in its own words, never the browser\'s', async () => {
    await j.signIn(tenant);
    const { page } = j.w;
    await page.getByTestId('section-/business').click();
    await openFromSidebar(page, '/business/app');
    await page.locator('a[href="/business/app/create"]').first().click();
    const name = page.locator('input[name=name]');
    await name.waitFor();
    expect(await name.getAttribute('aria-required')).toBe('true');
    expect(await page.locator('form[novalidate]').count()).toBe(1);
    expect(await page.locator('form [required], form [title]').count()).toBe(0);
    // Something typed, so the form may be sent; the name and code left empty.
    await page.locator('textarea[name=description]').first().fill('A portal.');
    await page.locator('button[type=submit]').click();
    await page.getByText(say('validation.required')).first().waitFor();
    expect(await page.getByText(say('validation.required')).count()).toBeGreaterThanOrEqual(2);
    await j.shot('01-required');
  });

  it('an icon of 100×100 is refused in the browser with the sentence; a 240×240 one previews and is saved', async () => {
    const { page } = j.w;
    const hint = res('images.hint_min').replace('%{types}', 'PNG, JPG, JPEG, GIF, BMP, SVG').replace('%{limit}', '2 MB').replace('%{size}', '240×240');
    await page.getByTestId('image-icon').getByText(hint).waitFor();
    await page.getByTestId('image-icon-input').setInputFiles(small);
    const error = page.getByTestId('image-icon-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(say('validation.image_small', { width: 100, height: 100, min_width: 240, min_height: 240 }));
    await j.shot('02-icon-refused');
    await page.getByTestId('image-icon-input').setInputFiles(good);
    await page.getByTestId('image-icon').getByTestId('image-preview').waitFor();
    expect(await error.count()).toBe(0);
    expect(await page.getByTestId('image-icon-pick').textContent()).toBe(res('images.replace'));
    await page.locator('input[name=name]').fill(`Icon ${uid()}`);
    await page.locator('input[name=code]').fill(`icon-${uid()}`);
    await j.shot('03-icon-previewed');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/business\/app\/[0-9a-f-]{36}\/config$/);
    const guid = page.url().split('/')[5];
    const icon = (await j.s.db.query<{ icon: string }>('select icon from app where guid = $1', [guid])).rows[0].icon;
    expect(icon).toMatch(/^\/open\/file\/[0-9a-f-]{36}$/);
  });

  it("an operator's payment dialog can be cancelled, and says what is required", async () => {
    const op = await j.operator();
    await openFromSidebar(op.page, '/operation/order');
    await op.page.getByText(item).first().click();
    // The order's page as a person sees it before acting: its payments listed (none yet).
    const payments = op.page.getByTestId('related-payment-record');
    await payments.getByText(res('related.empty')).waitFor();
    await payments.getByTestId('related-add-payment-record').click();
    const dialog = op.page.getByRole('dialog');
    // A reference typed, the amount and the time left empty.
    await dialog.locator('input[name=reference]').fill(`R-${uid()}`);
    await dialog.locator('button[type=submit]').click();
    await dialog.getByText(say('validation.required')).first().waitFor();
    expect(await dialog.locator('[required], [title]').count()).toBe(0);
    await j.shot('04-payment-required', op);
    await dialog.getByTestId('form-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    // Cancelled: nothing recorded.
    await payments.getByText(res('related.empty')).waitFor();
    await j.shot('05-payment-cancelled', op);
    expect(order).toBeTruthy();
  });
});
