import { describe, expect, it } from 'vitest';
import demoEn from '../../i18n/demo/en.ts';
import en from '../../i18n/ui/en.ts';
import resourcesEn from '../../i18n/resources/en.ts';
import { fillDemo } from '../../server/demo/fill.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { openFromSidebar } from '../helpers/sidebar.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the demo journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

/**
 * What `npm run demo` leaves (server/demo/fill.ts, in English), seen by a visitor and an operator:
 * the home page's five featured apps link to their pages; the store shows its classifications and
 * their apps; the operator console names the seeded role in English. Clicks only after `/` for the
 * visitor; axe on every page; no console errors. (tests/server/demo.test.ts runs the command itself.)
 */
describe.skipIf(!available)('a fresh install filled by the demo (Chromium, en)', () => {
  const j = journey('en', 'demo', async (s) => {
    await fillDemo(s.app, await s.login(), (to) => s.mails(to).at(-1)?.text, 'en');
  });

  it('home: the five featured apps are in the store; one opens its page with its introduction and labels', async () => {
    await j.w.page.goto(`${j.base}/`);
    for (const code of Object.keys(demoEn.store)) {
      await expect.poll(() => j.w.page.getByTestId(`featured-${code}`).locator('a').count(), { message: code }).toBe(1);
    }
    expect(await j.w.page.getByTestId('not-in-store').count()).toBe(0);
    await j.shot('01-home');
    await j.w.page.getByTestId('featured-SERVICE').locator('a').click();
    await expect.poll(() => j.w.page.getByTestId('app-name').innerText()).toBe(demoEn.store.SERVICE.name);
    await expect.poll(() => j.w.page.getByTestId('app-about').innerText()).toContain(demoEn.store.SERVICE.description);
    await j.w.page.getByText(demoEn.labels.popular, { exact: true }).first().waitFor();
    await j.shot('02-app');
  });

  it('the store shows its classifications, each with its apps', async () => {
    // The app page's way back to the store.
    await j.w.page.getByRole('navigation', { name: en.route.app_store }).getByRole('link').click();
    await j.w.page.waitForURL((u) => u.pathname === '/appStore');
    // The five featured apps and the two service providers' (the demo's provider's and the tenant's own).
    await expect.poll(() => j.w.page.getByTestId('store-card').count()).toBe(7);
    await j.shot('03-store');
    await j.w.page.getByRole('button', { name: demoEn.categories.operations, exact: true }).click();
    await expect.poll(() => j.w.page.getByTestId('store-card').count()).toBe(5);
    for (const name of [...(['CONNECT', 'PROVISION', 'LEASE'] as const).map((code) => demoEn.store[code].name), demoEn.provider.app, demoEn.own_store.app]) {
      await j.w.page.getByTestId('store-card').filter({ hasText: name }).first().waitFor();
    }
    await j.shot('04-category');
  });

  it('the operator console names the seeded super-admin role in English', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/role`);
    await op.page.getByText('Super administrator', { exact: true }).waitFor();
    await op.page.getByText('Holds every operator permission', { exact: true }).waitFor();
    await j.shot('05-roles', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it("the operator reviews each company's certification with its licence in sight and its own history only", async () => {
    const op = await j.operator();
    const licenceLoaded = () => op.page.getByRole('img', { name: resourcesEn.resources.org.fields.license_url, exact: true }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
    const history = op.page.getByTestId('related-org-application');
    // From the landing page by clicks: the review list, then Globex's request, waiting for review.
    await openFromSidebar(op.page, '/operation/certification');
    await op.page.getByRole('row', { name: new RegExp(demoEn.company.company_name) }).waitFor();
    await op.page.getByRole('row', { name: new RegExp(demoEn.other.company.company_name) }).getByText(demoEn.other.company.company_name).click();
    await expect.poll(licenceLoaded).toBeGreaterThan(0);
    await expect.poll(() => history.getByRole('row').count()).toBe(2);
    await history.getByText(resourcesEn.resources['org-application'].values.action.apply, { exact: true }).waitFor();
    expect(await history.getByText(demoEn.company.company_name).count()).toBe(0);
    await j.shot('06-review-other', op);
    // Northwind's, approved: its two steps, none of Globex's.
    await op.page.goBack();
    await op.page.getByRole('row', { name: new RegExp(demoEn.company.company_name) }).getByText(demoEn.company.company_name).click();
    await expect.poll(licenceLoaded).toBeGreaterThan(0);
    await history.getByText(resourcesEn.resources['org-application'].values.action.approve, { exact: true }).waitFor();
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    expect(await history.getByText(demoEn.other.company.company_name).count()).toBe(0);
    await j.shot('07-review-approved', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
