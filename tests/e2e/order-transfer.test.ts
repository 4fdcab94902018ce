import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
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
import { pluralForm } from '../../i18n/plural.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the order import/export journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...srvZh, ...comZh, ...resZh }, en: { ...en, ...srvEn, ...comEn, ...resEn } } as const;

/**
 * An operator imports a file of service orders with one bad row: the preview names the row's
 * error and Import stays disabled; the fixed file imports, with a count; the list exported as CSV
 * downloads with the new rows, headers in the person's language, and as XLSX with real date cells
 * and amounts as numbers; the import's template, downloaded, filled as a spreadsheet would and
 * imported, falls due at the instant the same day in a CSV does. In zh and en; axe on every
 * screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('order import and export journey (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), pluralForm(lang, key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string, params));
  const res = (key: string) => t(`resources.${key}`);
  const item = `Support ${uid()}`;
  // An import names a BU by its code (or its ID), never by its name.
  const buCode = `OT${uid()}`;
  const j = journey(lang, 'ot', async (s) => {
    const tenant = await tenantWithBu(s);
    await s.db.query('update bu set code = $1 where guid = $2', [buCode, tenant.buGuid]);
  });
  const file = (secondAmount: string) => ({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `\uFEFF${[res('order.fields.bu_code'), res('order.fields.app_name'), res('order.fields.amount'), res('order.fields.currency'), res('order.fields.cycle')].join(',')}\r\n` +
        `${buCode},${item} A,"1,200.50",HKD,${res('order.values.cycle.1')}\r\n` +
        `${buCode},${item} B,${secondAmount},CNY,${res('order.values.cycle.0')}\r\n`,
    ),
  });

  it('the operator imports a file: a bad row is named, the fixed file is imported', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/order-service`);
    await op.page.getByTestId('transfer-import').click();
    const dialog = op.page.getByRole('dialog');
    await dialog.getByTestId('transfer-file').setInputFiles(file('12.345'));
    await dialog.getByTestId('transfer-summary').waitFor();
    const error = dialog.getByTestId('transfer-row-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(t('server.import_row').replace('%{row}', '3').split('%{message}')[0]);
    expect(await error.textContent()).toContain(t('validation.money_format'));
    expect(await dialog.getByTestId('transfer-commit').isDisabled()).toBe(true);
    await j.shot('01-preview-errors', op);
    await dialog.getByTestId('transfer-file').setInputFiles(file('80'));
    await dialog.getByText(t('transfer.summary', { smart_count: 2, valid: 2, bad: 0 })).waitFor();
    expect(await dialog.getByTestId('transfer-row-error').count()).toBe(0);
    await dialog.getByTestId('transfer-commit').click();
    await dialog.getByTestId('transfer-done').getByText(t('transfer.done', { smart_count: 2 })).waitFor();
    await j.shot('02-imported', op);
    const rows = (await j.s.db.query<{ amount: number; kind: number; state: number }>('select amount, kind, state from orders where app_name like $1 order by app_name', [`${item}%`])).rows;
    expect(rows).toEqual([{ amount: 120_050, kind: 2, state: 0 }, { amount: 8_000, kind: 2, state: 0 }]);
    await dialog.getByRole('button', { name: t('transfer.close') }).click();
    await op.page.getByText(`${item} A`).first().waitFor();
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the operator exports the list as CSV, with the imported rows', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/order-service`);
    await op.page.getByText(`${item} A`).first().waitFor();
    await op.page.getByTestId('transfer-export').click();
    await j.shot('03-export-menu', op);
    const [download] = await Promise.all([op.page.waitForEvent('download'), op.page.getByTestId('transfer-export-csv').click()]);
    const path = await download.path();
    const bytes = readFileSync(path!);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toContain(res('order.fields.app_name'));
    expect(text).toContain(`${item} A`);
    expect(text).toContain('1200.50');
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the operator exports the list as XLSX: dates are date cells, amounts numbers in the currency\'s format', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/order-service`);
    await op.page.getByText(`${item} A`).first().waitFor();
    await op.page.getByTestId('transfer-export').click();
    const [download] = await Promise.all([op.page.waitForEvent('download'), op.page.getByTestId('transfer-export-xlsx').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const column = (key: string) => headers.findIndex((h) => h.startsWith(res(`order.fields.${key}`))) + 1;
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(column('app_name')).value === `${item} A`)!;
    expect(row.getCell(column('amount')).value).toBe(1200.5);
    expect(row.getCell(column('amount')).numFmt).toBe('"HK$"#,##0.00');
    expect(row.getCell(column('created_at')).value).toBeInstanceOf(Date);
    expect(headers[column('created_at') - 1]).toBe(`${res('order.fields.created_at')} (Asia/Shanghai)`);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the operator fills the template as a spreadsheet would and imports it; the same day in a CSV falls due at the same instant', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/order-service`);
    await op.page.getByTestId('transfer-import').click();
    const dialog = op.page.getByRole('dialog');
    const [download] = await Promise.all([op.page.waitForEvent('download'), dialog.getByTestId('transfer-template').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toContain(res('order.fields.app_name'));
    expect(book.worksheets[1].rowCount).toBeGreaterThan(5);
    // The example row made a real one: this BU's code and an item of ours; its due date stays a date cell.
    const example = sheet.getRow(2);
    example.getCell(1).value = buCode;
    example.getCell(3).value = `${item} T`;
    const due = example.getCell(8).value as Date;
    expect(due).toBeInstanceOf(Date);
    await dialog.getByTestId('transfer-file').setInputFiles({ name: 'template.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    // The preview, or the sentence that refused the file: a refusal fails here with its words. A
    // file is read on a worker thread within 30 s (server/services/sheet-thread.ts), which a busy machine may need.
    const summary = dialog.getByTestId('transfer-summary');
    await summary.or(op.page.getByRole('alert')).first().waitFor({ timeout: 30_000 });
    expect(await summary.count(), (await op.page.getByRole('alert').allTextContents()).join(' | ')).toBe(1);
    expect(await summary.textContent()).toBe(t('transfer.summary', { smart_count: 1, valid: 1, bad: 0 }));
    // The due day as a person reads it, the zone named.
    await dialog.getByText(`${due.toISOString().slice(0, 10)} 23:59:59 (Asia/Shanghai)`).waitFor();
    expect(await dialog.getByTestId('transfer-commit').textContent()).toBe(t('transfer.commit', { smart_count: 1 }));
    await j.shot('04-template-preview', op);
    await dialog.getByTestId('transfer-commit').click();
    await dialog.getByTestId('transfer-done').waitFor();
    await dialog.getByRole('button', { name: t('transfer.close') }).click();
    // The same day typed in a CSV.
    await op.page.getByTestId('transfer-import').click();
    const day = `${due.getUTCFullYear()}/${due.getUTCMonth() + 1}/${due.getUTCDate()}`;
    await dialog.getByTestId('transfer-file').setInputFiles({
      name: 'day.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${res('order.fields.bu_code')},${res('order.fields.app_name')},${res('order.fields.due_at')}\r\n${buCode},${item} C,${day}\r\n`),
    });
    await dialog.getByTestId('transfer-commit').click();
    await dialog.getByTestId('transfer-done').waitFor();
    const stored = (await j.s.db.query<{ app_name: string; due_at: Date }>('select app_name, due_at from orders where app_name in ($1, $2) order by app_name', [`${item} C`, `${item} T`])).rows;
    expect(stored.map((r) => new Date(r.due_at).toISOString())).toEqual([0, 1].map(() => new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate(), 15, 59, 59)).toISOString()));
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });
});
