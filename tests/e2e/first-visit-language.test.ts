import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM, watchPage, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST) && existsSync('dist-ssr/entry-server.cjs');
if (!available) console.warn(`SKIPPED: the first-visit journey needs ${CHROMIUM} and a build in dist/ and dist-ssr/ (npx vite build).`);

/**
 * A visitor who never chose a language reads the site in their browser's (docs/languages.md): an
 * English browser's first visit to `/` is English from the server's first HTML on, the store's
 * texts included; a link mailed in English opens its page in English in a Chinese browser, and
 * the choice is remembered. Axe on every page; no console errors.
 */
describe.skipIf(!available)('the language of a first visit (Chromium)', () => {
  const n = uid();
  const app = { zh: `服务台${n}`, en: `Service Desk ${n}`, about: `Tickets in one queue ${n}` };
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  const j = journey('en', 'first', async (s) => {
    const admin = await s.login();
    const op = async (path: string, body: unknown) => {
      const r = await s.post(path, body, { token: admin });
      if (r.code !== 200) throw new Error(`${path}: ${r.message}`);
      return r.data;
    };
    const label = await op('/open/app/label/add', { name: `热门${n}`, name_en: `Popular ${n}` });
    const created = await op('/open/admin/app-manage/add-app', { name: app.zh, code: 'SERVICE', type: 0 });
    await op('/open/app/introduce/update/app-manage', {
      app_guid: created.guid, name_en: app.en, summary: '工单一处收', summary_en: app.about, description: '工单与服务', description_en: `## ${app.about}`, label_guids: [label.guid], status: 0,
    });
    tenant = await tenantWithBu(s);
  });
  /** A browser of `locale` on which nothing was ever chosen. */
  const fresh = async (locale: string): Promise<Watched> => watchPage(j.browser, { locale });
  const stored = (w: Watched) => w.page.evaluate(() => localStorage.getItem('open:language'));

  it('an English browser gets `/` in English in the first HTML, then the page and the store in English', async () => {
    const first = await fetch(`${j.base}/`, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    const html = await first.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain(en.home.featured);
    expect(html).toContain(app.en);
    expect(first.headers.get('vary')).toMatch(/Accept-Language/);

    const w = await fresh('en-US');
    await w.page.goto(`${j.base}/`);
    await expect.poll(() => w.page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => w.page.getByTestId('featured-SERVICE').innerText()).toContain(app.en);
    expect(await stored(w)).toBeNull();
    await j.shot('01-home', w);
    await w.page.getByTestId('featured-SERVICE').locator('a').click();
    await expect.poll(() => w.page.getByTestId('app-name').innerText()).toBe(app.en);
    await expect.poll(() => w.page.getByTestId('app-about').innerText()).toContain(app.about);
    await w.page.getByText(`Popular ${n}`, { exact: true }).first().waitFor();
    await j.shot('02-app', w);
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });

  it('a reset link mailed in English opens in English in a Chinese browser, and the language is kept', async () => {
    const w = await fresh('zh-CN');
    const asked = await j.s.post('/open/sys-auth/send-email-reset-password', { email: tenant.email }, { lang: 'en-US' });
    expect(asked.code, asked.message).toBe(200);
    const mailed = new URL(/https?:\/\/[^\s;,]+/.exec(j.s.mails(tenant.email).at(-1)!.text)![0]);
    // Built on the configured public address; the journey's server listens at its own.
    expect(`${mailed.origin}${mailed.pathname}`).toBe(`${j.s.services.publicUrl}/resetPassword`);
    expect(mailed.searchParams.get('lang')).toBe('en');
    await w.page.goto(`${j.base}${mailed.pathname}${mailed.search}`);
    await expect.poll(() => w.page.getByTestId('reset-password').innerText()).toContain(en.reset.for_user.replace('%{username}', tenant.username));
    expect(new URL(w.page.url()).searchParams.has('lang')).toBe(false);
    expect(await stored(w)).toBe('"en"');
    await j.shot('03-reset-link', w);
    await w.page.getByRole('link', { name: en.register.to_login }).click();
    await w.page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => w.page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => w.page.locator('[data-testid=login-submit]').textContent()).toBe(en.login.submit);
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });
});
