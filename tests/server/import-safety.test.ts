import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { Warning } from '../../server/http/envelope.ts';
import { SheetQueue } from '../../server/services/sheet-thread.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The operators' order import against hostile files and tenants (docs/orders.md "Import and
 * export"): a row lands only in the BU its code or ID names, whatever other tenants call their BUs;
 * a file is read on a worker thread within caps, so a flood of blank lines is refused quickly while
 * other calls go on answering, and a huge cell is refused without being answered back.
 */
let s: TestServer;
let admin: string;
const BASE = '/open/admin/order-management';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

/** Posts a multipart form with `file` (and `commit`); answers the envelope and the raw body's size. */
const upload = async (name: string, bytes: Buffer, commit = false) => {
  const boundary = `----b${uid()}`;
  const parts = [
    ...(commit ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="commit"\r\n\r\ntrue\r\n`)] : []),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const raw = await s.app.inject({
    method: 'POST',
    url: `${BASE}/import-orders`,
    payload: Buffer.concat(parts),
    headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en-US', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const json = raw.json();
  return { code: json.code as number, message: json.message as string, data: json.data, size: raw.rawPayload.length, body: raw.body };
};
const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
const ordersOf = async (item: string) => (await s.db.query<{ bu_guid: string }>('select bu_guid from orders where app_name = $1', [item])).rows;

describe('an import lands only in the BU its code or ID names', () => {
  it('a tenant that names its BU after another BU\'s code draws none of its rows; a BU named only by name is a row error', async () => {
    const [a, b, c] = [await tenantWithBu(s), await tenantWithBu(s), await tenantWithBu(s)];
    const code = `ACME${uid()}`;
    // Both through the tenants' own calls: A sets its code, B renames its BU to A's code.
    expect((await s.post('/open/system/bu/update', { guid: a.buGuid, code }, { token: a.token })).code).toBe(200);
    const renamed = await s.post('/open/system/bu/update', { guid: b.buGuid, name: code }, { token: b.token });
    expect(renamed.code, renamed.message).toBe(200);
    const cName = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [c.buGuid])).rows[0].name;

    const item = `Safe ${uid()}`;
    const file = csv(['Business unit,Item,Amount', `${code},${item},1`, `${cName},${item} by name,1`]);
    const preview = await upload('orders.csv', file);
    expect(preview.code, preview.message).toBe(200);
    expect(preview.data).toMatchObject({ total: 2, valid: 1 });
    const unknown = translate('en', 'server.import_row', {
      row: 3,
      message: translate('en', 'validation.field_error', { field: translate('en', 'resources.order.fields.bu_name'), message: translate('en', 'server.import_bu_unknown', { value: cName }) }),
    });
    expect(preview.data.errors).toEqual([{ row: 3, field: 'bu_name', message: unknown }]);

    // Without the row named by name, the file goes in, to A.
    const done = await upload('orders.csv', csv(['Business unit,Item,Amount', `${code},${item},1`]), true);
    expect(done.code, done.message).toBe(200);
    expect(await ordersOf(item)).toEqual([{ bu_guid: a.buGuid }]);

    // B takes A's code as well: the code is now ambiguous, a row error, and nothing lands in B.
    expect((await s.post('/open/system/bu/update', { guid: b.buGuid, code }, { token: b.token })).code).toBe(200);
    const twice = await upload('orders.csv', csv(['Business unit code,Item,Amount', `${code},${item} twice,1`]), true);
    expect(twice.code).toBe(201);
    expect(twice.data.errors[0].message).toContain(translate('en', 'server.import_bu_ambiguous', { value: code }));
    expect(await ordersOf(`${item} twice`)).toEqual([]);
    // A's ID still names A alone.
    const byId = await upload('orders.csv', csv(['Business unit ID,Item,Amount', `${a.buGuid},${item} by id,1`]), true);
    expect(byId.code, byId.message).toBe(200);
    expect(await ordersOf(`${item} by id`)).toEqual([{ bu_guid: a.buGuid }]);
  });
});

describe('a file is read off the event loop, within caps', () => {
  it('refuses a CSV of 1,500,000 blank lines at the lines cap, quickly, while other calls answer', async () => {
    const blank = Buffer.from(`Business unit,Item,Amount\r\n${'\r\n'.repeat(1_500_000)}`);
    const started = performance.now();
    let answered = false;
    const imported = upload('blank.csv', blank).finally(() => (answered = true));
    // Cheap calls one after another for as long as the import takes: each must answer meanwhile.
    let during = 0;
    let slowest = 0;
    while (!answered) {
      const t0 = performance.now();
      const r = await s.post('/open/admin/system/bu-management/sso/login-type-list', {}, { token: admin });
      expect(r.code).toBe(200);
      slowest = Math.max(slowest, performance.now() - t0);
      if (!answered) during++;
    }
    const r = await imported;
    expect([r.code, r.message]).toEqual([201, translate('en', 'server.import_lines', { max: '20,000' })]);
    // Before, this file took about 41 s, during which nothing else was answered.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(during).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(5_000);
  });
});

describe('an oversized cell is refused, never answered back', () => {
  const HUGE = 20_000_000;
  it.each([['a shared', true], ['an inline', false]] as const)('an XLSX holding %s string of 20 million characters in one cell', async (_, shared) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    sheet.addRow(['Business unit', 'Item', 'Note']);
    sheet.addRow(['X', 'Item', 'y'.repeat(HUGE)]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer({ useSharedStrings: shared } as ExcelJS.XlsxWriteOptions));
    expect(bytes.length).toBeLessThan(200_000);
    const r = await upload('huge.xlsx', bytes);
    expect([r.code, r.message]).toEqual([201, translate('en', 'server.import_cell_too_long', { max: '2,000' })]);
    expect(r.size).toBeLessThan(2_000);
    expect(r.body).not.toContain('yyyy');
  });

  it('a CSV cell over 2,000 characters, and a row over 100 cells, each with its sentence', async () => {
    const long = await upload('long.csv', csv(['Business unit,Item,Note', `X,Item,${'z'.repeat(3_000_000)}`]));
    expect([long.code, long.message]).toEqual([201, translate('en', 'server.import_cell_too_long', { max: '2,000' })]);
    expect(long.size).toBeLessThan(2_000);
    const wide = await upload('wide.csv', csv(['Business unit,Item', `X,Item${',w'.repeat(100)}`]));
    expect([wide.code, wide.message]).toEqual([201, translate('en', 'server.import_cells', { row: 2, max: '100' })]);
  });
});

// Issue 43, finding 13: one operator's imports never hold every place on the worker threads.
describe("each caller's share of the sheet workers", () => {
  it("refuses one caller's fourth file, saying its share, while another caller's file is still taken", async () => {
    const places = new SheetQueue();
    const started: string[] = [];
    const take = (caller: string, name: string) => places.turn(caller).then(() => void started.push(name));
    await take('a', 'a1');
    const waiting = [take('a', 'a2'), take('a', 'a3')];
    const fourth = await places.turn('a').then(() => null, (e: unknown) => e);
    expect(fourth).toBeInstanceOf(Warning);
    const { key, params } = fourth as Warning;
    expect(translate('en', key, params)).toBe('Each person may have 1 file being read and 2 waiting at a time, and yours are all taken; try again once one of your imports has finished.');
    expect(translate('zh', key, params)).toContain('每人同时最多可有 1 个文件正在读取、2 个等待');
    expect(translate('hk', key, params)).toContain('每人同時最多可有 1 個檔案正在讀取、2 個等候');
    // Another operator reads at once, on the place the first caller's waiting files may not take.
    await take('b', 'b1');
    expect(started).toEqual(['a1', 'b1']);
    // As each of a's files ends, its next one starts: one at a time.
    places.release('a');
    await waiting[0];
    expect(started).toEqual(['a1', 'b1', 'a2']);
    places.release('b');
    places.release('a');
    await waiting[1];
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });
});
