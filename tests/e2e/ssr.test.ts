import { isAscii } from 'node:buffer';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import zh from '../../i18n/ui/zh.ts';
import hk from '../../i18n/ui/hk.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { listedStoreApp } from '../fixtures/samples.ts';
import { uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST) && existsSync('dist-ssr/entry-server.cjs');
if (!available) console.warn(`SKIPPED: server rendering needs ${CHROMIUM} and a build in dist/ and dist-ssr/ (npx vite build).`);

describe.skipIf(!existsSync('dist-ssr/entry-server.cjs'))('the built renderer', () => {
  it('is one CommonJS script in ASCII, which the server runs through a code cache and keeps at one byte a character (vite.config.ts)', () => {
    expect(readdirSync('dist-ssr').filter((f) => /\.[cm]?js$/.test(f))).toEqual(['entry-server.cjs']);
    expect(isAscii(readFileSync('dist-ssr/entry-server.cjs'))).toBe(true);
  });
});

const UI = { zh, hk, en } as const;
const PUBLIC_URL = 'https://open.example.test';
/** Markup a document's title must never turn into: the state script of the page must stay closed. */
const BREAKOUT = '</script><script>window.__pwned=1</script>';

/**
 * Public pages answer their first HTML rendered on the server: the main content, the title, the
 * description and the canonical address (from PUBLIC_URL, never the request) are in it, in the
 * language of the visitor's cookie; the browser then hydrates the same elements instead of
 * drawing the page again, with no console error, and every page stays usable.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('server-rendered public pages (Chromium, %s)', (lang) => {
  const ui = UI[lang];
  const tag = uid();
  let app: { guid: string; name: string };
  let admin: string;
  let docGuid: string;
  const docTitle = `Render guide ${tag}`;
  const j = journey(
    lang,
    'r',
    async (s) => {
      admin = await s.login();
      const operator = async (path: string, body: unknown) => {
        const r = await s.post(path, body, { token: admin });
        return { code: r.code, data: r.data, message: r.message };
      };
      app = await listedStoreApp(operator, tag);
      for (const doc of [
        { title: docTitle, code: `render-${tag}`, category: 'tools', summary: `How pages render ${tag}`, body: `## First step\n\nRendered body ${tag}.` },
        { title: `Terms ${tag} ${BREAKOUT}`.slice(0, 64), code: `terms-${tag}`, category: 'website_agreement', summary: BREAKOUT, body: `Agreement text ${tag}.` },
      ]) {
        const r = await s.post('/open/admin/document-manage/create', { ...doc, status: 0 }, { token: admin });
        expect(r.code, r.message).toBe(200);
        docGuid ??= r.data.guid;
      }
    },
    { publicUrl: PUBLIC_URL },
  );
  /** Whether the page holds `text`; a failure names what was missing and what the page had near it, not the whole page. */
  const has = (body: string, text: string, near: string) => {
    const i = body.indexOf(near);
    expect(body.includes(text), `missing ${text}\n  around: ${i < 0 ? '(none)' : body.slice(i, i + 300)}`).toBe(true);
  };
  const html = async (path: string) => {
    const res = await fetch(`${j.base}${path}`, { headers: { cookie: `lang=${lang}`, host: 'evil.example' } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const pages = () => [
    { path: '/', title: `${ui.route.home} - ${ui.app.title}`, description: ui.meta.home, canonical: '/', content: ui.home.featured },
    { path: '/appStore', title: `${ui.route.app_store} - ${ui.app.title}`, description: ui.meta.app_store, canonical: '/appStore', content: app.name },
    { path: `/appStore/${app.guid}`, title: `${app.name} - ${ui.route.app_store} - ${ui.app.title}`, description: 'A store app', canonical: `/appStore/${app.guid}`, content: app.name },
    { path: '/open-capability', title: `${ui.route.open_capability} - ${ui.app.title}`, description: ui.meta.open_capability, canonical: '/open-capability', content: 'contact:member:readonly' },
    { path: `/developer/doc?category=tools&docCode=render-${tag}&utm=x`, title: `${docTitle} - ${ui.route.developer_doc} - ${ui.app.title}`, description: `How pages render ${tag}`, canonical: `/developer/doc?category=tools&docCode=render-${tag}`, content: `Rendered body ${tag}.` },
  ];

  it('answers the main content, title, description and canonical address in the first HTML, in the cookie’s language', async () => {
    for (const p of pages()) {
      const body = await html(p.path);
      has(body, `<html lang="${{ zh: 'zh-CN', hk: 'zh-HK', en: 'en-US' }[lang]}">`, '<html');
      has(body, `<title>${p.title}</title>`, '<title>');
      has(body, `<meta name="description" content="${p.description}" />`, '<meta name="description"');
      has(body, `<link rel="canonical" href="${PUBLIC_URL}${p.canonical.replace(/&/g, '&amp;')}" />`, '<link rel="canonical"');
      expect(body.includes('evil.example'), p.path).toBe(false);
      has(body.slice(body.indexOf('<div id="root">')), p.content, '<main');
      // Styles for what was rendered come with it: the page is laid out before any script runs.
      expect(body, p.path).toMatch(/<style data-emotion="css [^"]+">/);
    }
    // Rendered pages are kept, but an operator's change shows in the next first HTML at once.
    const docPath = `/developer/doc?category=tools&docCode=render-${tag}`;
    expect(await html(docPath)).toContain(`<title>${docTitle} - `);
    const renamed = await j.s.post('/open/admin/document-manage/update', { guid: docGuid, title: `Renamed ${tag}` }, { token: admin });
    expect(renamed.code, renamed.message).toBe(200);
    expect(await html(docPath)).toContain(`<title>Renamed ${tag} - `);
    await j.s.post('/open/admin/document-manage/update', { guid: docGuid, title: docTitle }, { token: admin });
    // A page that is not public (a console page) is the app's shell, rendered in the browser.
    expect(await html('/account/enterprise')).toContain('<div id="root"></div>');
  });

  it('keeps a document’s text as text: a title that closes the state script runs nothing', async () => {
    const body = await html(`/terms/terms-${tag}`);
    expect(body).toContain(`Agreement text ${tag}.`);
    expect(body).not.toContain('<script>window.__pwned');
    await j.w.page.goto(`${j.base}/terms/terms-${tag}`);
    await j.w.page.getByText(`Agreement text ${tag}.`).waitFor();
    expect(await j.w.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('reads without scripts, and hydrates the same elements with them', async () => {
    const ctx = await j.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await ctx.addCookies([{ name: 'lang', value: lang, url: j.base }]);
    const bare = await ctx.newPage();
    await bare.goto(`${j.base}/developer/doc?category=tools&docCode=render-${tag}`);
    await bare.getByRole('heading', { level: 1, name: docTitle }).waitFor();
    await bare.screenshot({ path: `tests/screenshots/r-${lang}-no-script-doc.png` });
    await ctx.close();

    const { page } = j.w;
    await page.context().addCookies([{ name: 'lang', value: lang, url: j.base }]);
    for (const p of pages()) {
      // The entry script waits until the server's heading is marked: hydration must keep that element.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const loaded = page.goto(`${j.base}${p.path}`);
      await page.waitForURL(`${j.base}${p.path}`, { waitUntil: 'commit' });
      await page.waitForSelector('h1');
      await page.evaluate(() => ((window as { __h1?: Element | null }).__h1 = document.querySelector('h1')));
      release();
      await loaded;
      await page.unroute(/\/assets\/index-[^/]+\.js$/);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.title(), { timeout: 5000 }).toBe(p.title);
      expect(await page.evaluate(() => (window as { __h1?: Element | null }).__h1 === document.querySelector('h1')), p.path).toBe(true);
    }
    // Hydrated means live: the header search navigates in the app.
    await page.getByRole('textbox', { name: ui.header.search_placeholder }).fill('token');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/developer\/search\?query=token/);
    // The count's line holds a blank until the results come: the shot shows them, not the placeholders.
    await expect.poll(() => page.getByTestId('search-count').innerText()).toContain('token');
    await j.shot('hydrated-search');
    expect(j.w.problems).toEqual([]);
  });
});
