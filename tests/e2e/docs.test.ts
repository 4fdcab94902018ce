import { describe, expect, it } from 'vitest';
import zh from '../../i18n/ui/zh.ts';
import hk from '../../i18n/ui/hk.ts';
import en from '../../i18n/ui/en.ts';
import docsZh from '../../i18n/ui/docs/zh.ts';
import docsHk from '../../i18n/ui/docs/hk.ts';
import docsEn from '../../i18n/ui/docs/en.ts';
import consoleZh from '../../i18n/resources/zh.ts';
import consoleHk from '../../i18n/resources/hk.ts';
import consoleEn from '../../i18n/resources/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { uid } from '../helpers/tenant-flows.ts';
import { pluralForm } from '../../i18n/plural.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the docs journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...consoleZh, ...zh, ...docsZh }, hk: { ...consoleHk, ...hk, ...docsHk }, en: { ...consoleEn, ...en, ...docsEn } } as const;
const SCOPE = 'contact:member:readonly';
/** A 1×1 PNG. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2ad150000000049454e44ae426082', 'hex');

/**
 * A developer reading the docs, in zh, hk and en: a category's document from the tree, its table of
 * contents, the embedded API table paged, the header search for an English and a Chinese word, an
 * operator's history of a document with its diff and a restore, and an image uploaded into its body
 * through the editor's Upload button. Axe on every page; no console errors.
 */
describe.skipIf(!available).each(['zh', 'hk', 'en'] as const)('docs journey (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), pluralForm(lang, key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string, params));
  const tag = uid();
  let docGuid: string;
  const j = journey(lang, 'd', async (s) => {
    const admin = await s.login();
    // Enough event types on one scope for the embedded table to page (10 a page).
    for (let i = 0; i < 12; i++) {
      await s.db.query('insert into event_info (guid, code, group_code, name, payload_schema, status) values (gen_random_uuid(), $1, $2, $3, \'{}\', 0)', [`test.paging.e${String(i).padStart(2, '0')}_v1`, SCOPE, `Paging event ${i}`]);
    }
    const body = (first: string) => `${first}\n\n## Verify the signature\n\nCheck it first. 签名校验 ${tag}\n\n## Events\n\n\`\`\`event-table\n${SCOPE}\n\`\`\`\n`;
    const doc = await s.post('/open/admin/document-manage/create', { title: `Webhook guide ${tag}`, code: `webhooks-${tag}`, category: 'best_practices', body: body('Answer the challenge quickly.') }, { token: admin });
    docGuid = doc.data.guid;
    await s.post('/open/admin/document-manage/status', { guid: docGuid, status: 0 }, { token: admin });
    await s.post('/open/admin/document-manage/update', { guid: docGuid, body: body('Answer the challenge within one second.') }, { token: admin });
  });
  const shot = (label: string) => j.shot(label);

  it('a category in the tree opens its document, with its table of contents and the embedded table paged', async () => {
    await j.w.page.goto(`${j.base}/developer/doc`);
    await expect.poll(() => j.w.page.getByTestId('doc-title').innerText()).toBeTruthy();
    await j.w.page.getByTestId('doc-tree').getByRole('link', { name: `Webhook guide ${tag}` }).click();
    await j.w.page.waitForURL((u) => u.searchParams.get('docCode') === `webhooks-${tag}` && u.searchParams.get('category') === 'best_practices');
    await expect.poll(() => j.w.page.getByTestId('doc-title').innerText()).toBe(`Webhook guide ${tag}`);
    await expect.poll(() => j.w.page.title()).toContain(`Webhook guide ${tag}`);
    await j.w.page.getByTestId('doc-toc').getByRole('link', { name: 'Verify the signature' }).waitFor();
    const table = j.w.page.getByTestId('api-table-event');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(10);
    await shot('01-document');
    await table.getByRole('button', { name: t('mui.go_next') }).click();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(5);
    await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain('Paging event 9');
  });

  it('the header search finds documents by an English and a Chinese word, highlighted, and opens one', async () => {
    await j.w.page.getByRole('search').getByRole('textbox').fill(`challenge`);
    await j.w.page.getByRole('search').getByRole('textbox').press('Enter');
    await j.w.page.waitForURL((u) => u.pathname === '/developer/search');
    await expect.poll(() => j.w.page.getByTestId('search-result').filter({ hasText: `Webhook guide ${tag}` }).count()).toBe(1);
    expect(await j.w.page.getByTestId('search-result').filter({ hasText: `Webhook guide ${tag}` }).locator('mark').first().innerText()).toBe('challenge');
    await j.w.page.getByTestId('docs-search').fill(`签名校验 ${tag}`);
    await j.w.page.getByTestId('docs-search').press('Enter');
    await expect.poll(() => j.w.page.getByTestId('search-count').innerText()).toBe(t('docs.results', { smart_count: 1, query: `签名校验 ${tag}` }));
    await shot('02-search');
    await j.w.page.getByTestId('search-result').getByRole('link').click();
    await expect.poll(() => j.w.page.getByTestId('doc-title').innerText()).toBe(`Webhook guide ${tag}`);
  });

  it('an agreement not published says so', async () => {
    // The seeded agreements are published (tests/e2e/legal.test.ts); a code with no document is not.
    await j.w.page.goto(`${j.base}/terms/unpublished-${tag}`);
    await expect.poll(() => j.w.page.getByTestId('terms-missing').innerText()).toBe(t('docs.terms_missing'));
  });

  it('an operator sees who changed the document, the diff, restores the first version and uploads an image into it', async () => {
    const op = await j.operator();
    // A document installed with the platform names it as its author, not "Unknown".
    const seeded = (await j.s.db.query<{ guid: string }>("select guid from document where code = 'getting-started'")).rows[0].guid;
    await op.page.goto(`${j.base}/operation/document/${seeded}/history`);
    await op.page.getByTestId('history-version').first().getByText(t('history.platform_author'), { exact: false }).waitFor();
    await op.page.goto(`${j.base}/operation/document/${docGuid}/history`);
    await op.page.getByTestId('history-version').nth(1).waitFor();
    expect(await op.page.getByTestId('history-version').count()).toBe(2);
    await op.page.getByTestId('history-diff').locator('[data-op="+"]').first().waitFor();
    expect(await op.page.getByTestId('history-diff').locator('[data-op="+"]').first().innerText()).toContain('within one second');
    await j.shot('03-history', op);
    await op.page.getByTestId('history-version').nth(1).click();
    await op.page.getByTestId('history-restore').click();
    await op.page.getByTestId('history-restore-confirm').click();
    await op.page.getByTestId('history-version').nth(2).waitFor();
    const body = (await j.s.db.query<{ body: string; version: number }>('select body, version from document where guid = $1', [docGuid])).rows[0];
    expect(body.version).toBe(3);
    expect(body.body).toContain('Answer the challenge quickly.');

    // The body's Upload button: a PNG chosen by keyboard lands as an image link where the caret is, and is saved.
    await op.page.goto(`${j.base}/operation/document/${docGuid}`);
    const text = op.page.getByTestId('markdown-body').locator('textarea:not([aria-hidden="true"])');
    await expect.poll(() => text.inputValue()).toContain('Answer the challenge quickly.');
    await text.click();
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    // Waiting for the picker first: Playwright turns on its interception without waiting for it, so a
    // key pressed at once may reach the page before it (the picker then opens unseen).
    const chooser = op.page.waitForEvent('filechooser');
    // Tab from the text reaches the button, Enter opens the file picker.
    await text.press('Tab');
    await expect.poll(() => op.page.evaluate(() => document.activeElement?.textContent)).toBe(t('markdown.upload'));
    await op.page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: `diagram-${tag}.png`, mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => text.inputValue()).toMatch(new RegExp(`^!\\[diagram-${tag}\\.png\\]\\(/open/file/[0-9a-f-]{36}\\)Answer the challenge quickly\\.`));
    await j.shot('04-upload', op);
    await op.page.locator('button[type=submit]').click();
    await op.page.waitForURL((u) => u.pathname === '/operation/document');
    const saved = (await j.s.db.query<{ body: string }>('select body from document where guid = $1', [docGuid])).rows[0].body;
    const link = /\/open\/file\/[0-9a-f-]{36}/.exec(saved)?.[0];
    expect(link, saved.slice(0, 120)).toBeTruthy();
    const image = await fetch(`${j.base}${link}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
