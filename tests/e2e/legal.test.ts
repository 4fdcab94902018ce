import { describe, expect, it } from 'vitest';
import zh from '../../i18n/ui/zh.ts';
import hk from '../../i18n/ui/hk.ts';
import en from '../../i18n/ui/en.ts';
import docsZh from '../../i18n/documents/zh.ts';
import docsHk from '../../i18n/documents/hk.ts';
import docsEn from '../../i18n/documents/en.ts';
import { AGREEMENT_CODES } from '../../schemas/agreements.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the legal-pages journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh, hk, en } as const;
const DOCS = { zh: docsZh, hk: docsHk, en: docsEn } as const;

/**
 * Anyone, on a fresh install, in zh, hk and en: from the home page, the footer leads to every
 * agreement the spec names (service, privacy, data interface, data event, API authorisation), each
 * published in the reader's language; to the about page; to the docs, whose tree, table of contents
 * and tab title are in the reader's language; and the registration form links the service agreement
 * and the privacy policy. Only clicks after `/`; axe on every page; no console errors.
 */
describe.skipIf(!available).each(['zh', 'hk', 'en'] as const)('anyone: footer → every agreement (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const j = journey(lang, 'legal');
  const footer = () => j.w.page.getByRole('contentinfo');
  const title = () => j.w.page.getByTestId('doc-title');

  it('the footer opens each agreement, published in the reader\'s language', async () => {
    await j.w.page.goto(`${j.base}/`);
    for (const [key, code] of Object.entries(AGREEMENT_CODES)) {
      await footer().getByRole('link', { name: t(`footer.${key}`), exact: true }).click();
      await j.w.page.waitForURL((u) => u.pathname === `/terms/${code}`);
      const doc = DOCS[lang][code as keyof typeof docsZh] as { title: string };
      await expect.poll(() => title().innerText()).toBe(doc.title);
      await expect.poll(() => j.w.page.title()).toContain(doc.title);
      expect(await j.w.page.getByTestId('terms-missing').count()).toBe(0);
      expect(await j.w.page.getByTestId('doc-fallback').count()).toBe(0);
      await j.shot(`01-${code}`);
    }
  });

  it('an agreement links the others; the about page says what the platform is', async () => {
    // The service agreement's own link to the privacy policy stays in the app.
    await footer().getByRole('link', { name: t('footer.service'), exact: true }).click();
    await j.w.page.getByTestId('doc-body').getByRole('link', { name: DOCS[lang].privacy.title, exact: false }).first().click();
    await j.w.page.waitForURL((u) => u.pathname === `/terms/${AGREEMENT_CODES.privacy}`);
    await expect.poll(() => title().innerText()).toBe(DOCS[lang].privacy.title);
    await footer().getByRole('link', { name: t('route.about_us'), exact: true }).click();
    await j.w.page.waitForURL((u) => u.pathname === '/about-us');
    await expect.poll(() => title().innerText()).toBe(DOCS[lang]['about-us'].title);
    await j.shot('02-about');
  });

  it('the docs read in the reader\'s language: tree, document, table of contents and tab title', async () => {
    await footer().getByRole('link', { name: t('route.developer_doc'), exact: true }).click();
    await j.w.page.waitForURL((u) => u.pathname === '/developer/doc');
    const first = DOCS[lang]['getting-started'];
    await expect.poll(() => title().innerText()).toBe(first.title);
    await expect.poll(() => j.w.page.title()).toContain(first.title);
    const tree = j.w.page.getByTestId('doc-tree');
    await tree.getByRole('link', { name: DOCS[lang].events.title, exact: true }).waitFor();
    await tree.getByRole('link', { name: DOCS[lang]['api-auth'].title, exact: true }).click();
    await j.w.page.waitForURL((u) => u.searchParams.get('docCode') === AGREEMENT_CODES.api_auth);
    await expect.poll(() => title().innerText()).toBe(DOCS[lang]['api-auth'].title);
    // The first heading of its body, in the reader's language, heads the table of contents.
    const heading = /^## (.+)$/m.exec(DOCS[lang]['api-auth'].body)![1];
    await j.w.page.getByTestId('doc-toc').getByRole('link', { name: heading, exact: true }).waitFor();
    await j.shot('03-docs');
  });

  it('registration links the service agreement and the privacy policy', async () => {
    await footer().getByRole('link', { name: t('header.login'), exact: true }).click();
    await j.w.page.getByTestId('to-register').click();
    const form = j.w.page.getByTestId('register-form');
    await form.waitFor();
    await j.shot('04-register');
    for (const key of ['service', 'privacy'] as const) {
      const opened = j.w.page.context().waitForEvent('page');
      await form.getByRole('link', { name: t(`footer.${key}`), exact: true }).click();
      const tab = await opened;
      await tab.waitForURL((u) => u.pathname === `/terms/${AGREEMENT_CODES[key]}`);
      await expect.poll(() => tab.getByTestId('doc-title').innerText()).toBe(DOCS[lang][AGREEMENT_CODES[key]].title);
      await tab.close();
    }
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
