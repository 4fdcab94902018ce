import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../../i18n/ui/en.ts';
import zh from '../../i18n/ui/zh.ts';
import { chromiumAvailable, CHROMIUM, launch, watchPage } from '../helpers/browser.ts';
import { DIST } from '../helpers/journey.ts';
import { inspectScreen } from '../helpers/screen-checks.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the screen checks' own test needs ${CHROMIUM}.`);

/** A react-admin list as the console renders it: `rows` data rows and a pager saying `pager`. */
const list = (rows: number, pager: string) => `
  <div class="RaList-main"><table><thead><tr class="RaDatagrid-row RaDatagrid-headerRow"><th>Name</th></tr></thead>
  <tbody>${Array.from({ length: rows }, (_, i) => `<tr class="RaDatagrid-row"><td>Row ${i}</td></tr>`).join('')}</tbody></table>
  <p class="MuiTablePagination-displayedRows">${pager}</p></div>`;

/**
 * The screen sweep's checks (tests/helpers/screen-checks.ts) on pages made to hold each fault, and
 * on the same pages without it: each check finds what it is for and nothing on a sound page.
 */
describe.skipIf(!available)('what the screen sweep sees wrong on a screen (Chromium)', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());
  const on = async (html: string, lang: 'zh' | 'en' = 'en') => {
    await page.setContent(`<html lang="${lang === 'en' ? 'en-US' : 'zh-CN'}"><body>${html}</body></html>`);
    return inspectScreen(page, lang);
  };

  it('a sound page: nothing', async () => {
    expect(await on(`<h1>Orders</h1><label>Order number</label>${list(2, '1-2 of 2')}<code>contact.user.created_v3</code><span lang="zh-CN">中文</span>`)).toEqual({ findings: [], emptyList: false });
  });

  it('a cell that cannot be shown, an error alert, a broken image', async () => {
    const { findings } = await on(`<p>${en.page.not_readable}</p><div class="MuiAlert-standardError">Request failed</div><img alt="logo" src="data:image/png;base64,AAAA" width="20" height="20">`);
    expect(findings).toEqual([`shows "${en.page.not_readable}"`, 'error alert: Request failed', 'broken image: data:image/png;base64,AAAA']);
  });

  it('a raw i18n key and a field code in a column header', async () => {
    const { findings } = await on('<p>resources.app.fields.name</p><table><thead><tr><th>owner_username</th></tr></thead></table>');
    expect(findings).toEqual(['raw key: resources.app.fields.name', 'raw code: owner_username']);
  });

  it('another language: Chinese on an English page, an English message on a Chinese page', async () => {
    expect((await on('<p>快速开始</p>')).findings).toEqual(['another language: "快速开始"']);
    expect((await on(`<p>${en.page.not_available}</p><p>${zh.page.not_available}</p>`, 'zh')).findings).toEqual([`another language: "${en.page.not_available}"`]);
  });

  it('a list its pager contradicts, and an empty list', async () => {
    expect((await on(list(3, '1-2 of 2'))).findings).toEqual(['3 rows but the pager says 1-2 of 2']);
    expect(await on(list(0, '1-20 of 20'))).toEqual({ findings: ['no rows but the pager says 1-20 of 20'], emptyList: true });
    expect((await on('<div data-testid="list-empty">No orders yet.</div>')).emptyList).toBe(true);
  });

  it("a journey's axe run (in the page, tests/helpers/browser.ts) reports a nameless button and text too faint to read", async () => {
    const w = await watchPage(browser);
    await w.page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Orders</h1><button></button><p style="color:#ccc;background:#fff">Faint text</p></main></body></html>');
    await w.axe('faults');
    expect(w.violations.map((v) => v.split(' ')[1])).toEqual(['button-name', 'color-contrast']);
    await w.page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Orders</h1><button>Save</button><p>Readable text</p></main></body></html>');
    w.violations.length = 0;
    await w.axe('sound');
    expect(w.violations).toEqual([]);
    // A toast's colours are not judged (it fades on its own clock), the rest of it is: faint text in it passes, a nameless button in it does not.
    await w.page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Orders</h1><div data-testid="toast"><p style="color:#ccc;background:#fff">Saved</p><button></button></div><p style="color:#ddd;background:#fff">Faint text</p></main></body></html>');
    await w.axe('toast');
    expect(w.violations.map((v) => v.split(' ').slice(1, 4).join(' '))).toEqual(['button-name (critical) ×1', 'color-contrast (serious) ×1']);
    expect(w.violations[1]).toContain('Faint text');
    await w.page.context().close();
  });
});
