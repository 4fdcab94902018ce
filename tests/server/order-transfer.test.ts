import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Import and export of orders (docs/orders.md "Import and export"): CSV and XLSX files previewed
 * with every bad row named, then written all or nothing; the filtered list exported as a stream
 * and imported back to the same rows; limits, formats and permissions.
 */
let s: TestServer;
let admin: string;
let bu: { guid: string; name: string; code: string };
let other: { guid: string; name: string };
const BASE = '/open/admin/order-management';
const future = new Date(Date.now() + 30 * 86400_000);
const futureText = `${future.getUTCFullYear()}-${String(future.getUTCMonth() + 1).padStart(2, '0')}-${String(future.getUTCDate()).padStart(2, '0')} 18:00`;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  const t = await tenantWithBu(s);
  const code = `bu${uid()}`;
  await s.db.query('update bu set code = $1 where guid = $2', [code, t.buGuid]);
  bu = { guid: t.buGuid, name: (await s.db.query<{ name: string }>('select name from bu where guid = $1', [t.buGuid])).rows[0].name, code };
  const o = await tenantWithBu(s);
  other = { guid: o.buGuid, name: (await s.db.query<{ name: string }>('select name from bu where guid = $1', [o.buGuid])).rows[0].name };
});
afterAll(() => s?.close());

/** Posts a multipart form: the file, and `commit` when asked. */
const upload = async (path: string, name: string, bytes: Buffer, opts: { commit?: boolean; token?: string; lang?: string } = {}) => {
  const boundary = `----b${uid()}`;
  const parts: Buffer[] = [];
  if (opts.commit) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="commit"\r\n\r\ntrue\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  const raw = await s.app.inject({
    method: 'POST',
    url: path,
    payload: Buffer.concat(parts),
    headers: { authorization: `Bearer ${opts.token ?? admin}`, 'accept-language': opts.lang ?? 'en-US', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const json = raw.json();
  return { status: raw.statusCode, code: json.code as number, data: json.data, message: json.message as string };
};
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
const rowsOf = async (item: string) =>
  (await s.db.query<Record<string, unknown>>('select bu_guid, app_name, amount, currency, cycle, pay_type, due_at, note, kind, state, number from orders where app_name like $1 order by app_name', [`${item}%`])).rows;
/** What an order is, for comparing rows across an import: the fields a file carries. */
const essence = (r: Record<string, unknown>) => ({ bu_guid: r.bu_guid, app_name: r.app_name, amount: r.amount, currency: r.currency, cycle: r.cycle, pay_type: r.pay_type, due_at: r.due_at ? new Date(r.due_at as string).toISOString() : null, note: r.note, kind: r.kind });

describe('import', () => {
  it('previews then writes a good CSV in zh headers, naming the BU by its ID or code, amounts exact', async () => {
    const item = `Csv ${uid()}`;
    const file = csv([
      '业务单元,业务单元编码,商品,金额,币种,计费周期,付费方式,付款截止,备注',
      `${bu.guid.toUpperCase()},,${item} A,"1,200.50",HKD,按月,后付费,${futureText},"第一行, 带逗号"`,
      `,${bu.code},${item} B,0.01,,1,0,,`,
    ]);
    const preview = await upload(`${BASE}/product/import-orders`, 'orders.csv', file);
    expect(preview.code, preview.message).toBe(200);
    expect(preview.data).toMatchObject({ total: 2, valid: 2, error_count: 0, committed: false });
    // The preview names the BU each row lands in.
    expect(preview.data.rows.map((r: { bu_name: string }) => r.bu_name)).toEqual([bu.name, bu.name]);
    expect(await rowsOf(item)).toEqual([]);
    const done = await upload(`${BASE}/product/import-orders`, 'orders.csv', file, { commit: true });
    expect(done.code, done.message).toBe(200);
    expect(done.data).toEqual({ imported: 2, committed: true });
    const rows = await rowsOf(item);
    expect(rows.map(essence)).toEqual([
      { bu_guid: bu.guid, app_name: `${item} A`, amount: 120_050, currency: 'HKD', cycle: 1, pay_type: 1, due_at: new Date(`${futureText.replace(' ', 'T')}:00+08:00`).toISOString(), note: '第一行, 带逗号', kind: 1 },
      { bu_guid: bu.guid, app_name: `${item} B`, amount: 1, currency: 'CNY', cycle: 1, pay_type: 0, due_at: null, note: null, kind: 1 },
    ]);
    expect(rows.every((r) => r.state === 0 && /^\d{16}$/.test(String(r.number)))).toBe(true);
  });

  it('writes a good XLSX with en headers, numbers and date cells', async () => {
    const item = `Xlsx ${uid()}`;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    sheet.addRow(['Business unit', 'Item', 'Amount', 'Currency', 'Billing cycle', 'Payment', 'Due by', 'Note']);
    sheet.addRow([bu.guid, `${item} A`, 99.9, 'usd', 'Yearly', 'Prepaid', new Date(Date.UTC(future.getUTCFullYear(), future.getUTCMonth(), future.getUTCDate(), 9, 30)), 'xlsx']);
    sheet.getCell('G2').numFmt = 'yyyy-mm-dd hh:mm';
    sheet.addRow([bu.code, `${item} B`, '10', 'CNY', 'One-off', 'Postpaid', null, null]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const done = await upload(`${BASE}/service/import-orders`, 'orders.xlsx', bytes, { commit: true });
    expect(done.code, done.message).toBe(200);
    expect(done.data.imported).toBe(2);
    const rows = (await rowsOf(item)).map(essence);
    expect(rows[0]).toMatchObject({ bu_guid: bu.guid, amount: 9_990, currency: 'USD', cycle: 2, pay_type: 0, kind: 2, note: 'xlsx' });
    // A date cell showing a time is that clock in UTC+8.
    expect(rows[0].due_at).toBe(new Date(Date.UTC(future.getUTCFullYear(), future.getUTCMonth(), future.getUTCDate(), 1, 30)).toISOString());
    expect(rows[1]).toMatchObject({ bu_guid: bu.guid, amount: 1_000, pay_type: 1, kind: 2 });
  });

  it('takes JSON rows on the kinds\' import-orders', async () => {
    const item = `Json ${uid()}`;
    const r = await s.post(`${BASE}/product/import-orders`, { rows: [{ bu_code: bu.code, app_name: item, amount: '5.5' }], commit: true }, { token: admin });
    expect(r.code, r.message).toBe(200);
    expect((await rowsOf(item)).map(essence)).toMatchObject([{ amount: 550, kind: 1 }]);
    const bad = await s.post(`${BASE}/product/import-orders`, { rows: [] }, { token: admin });
    expect(bad.code).toBe(201);
  });

  const badFile = (item: string) =>
    csv([
      'Business unit,Item,Amount,Currency,Billing cycle,Due by',
      `${bu.code},${item} good,10,CNY,Monthly,`,
      `${bu.code},${item} cents,12.345,CNY,Monthly,`,
      `No such BU ${item},${item} bu,10,CNY,Monthly,`,
      `${bu.code},${item} currency,10,EUR,Fortnightly,2001-01-01 10:00`,
      `${bu.code},,10,CNY,,`,
    ]);

  it.each(['en', 'zh'] as const)('names each bad row with its row and field (%s), and writes nothing', async (lang) => {
    const item = `Bad ${uid()}`;
    const header = lang === 'en' ? 'en-US' : 'zh-CN';
    const preview = await upload(`${BASE}/import-orders`, 'bad.csv', badFile(item), { lang: header });
    expect(preview.code, preview.message).toBe(200);
    expect(preview.data).toMatchObject({ total: 5, valid: 1 });
    const messages = (preview.data.errors as { row: number; field: string; message: string }[]).map((e) => [e.row, e.field, e.message]);
    const field = (f: string) => translate(lang, `resources.order.fields.${f}`);
    const rowText = (row: number, f: string, message: string) => translate(lang, 'server.import_row', { row, message: translate(lang, 'validation.field_error', { field: field(f), message }) });
    expect(messages).toContainEqual([3, 'amount', rowText(3, 'amount', translate(lang, 'validation.money_format'))]);
    expect(messages).toContainEqual([4, 'bu_name', rowText(4, 'bu_name', translate(lang, 'server.import_bu_unknown', { value: `No such BU ${item}` }))]);
    expect(messages).toContainEqual([5, 'currency', rowText(5, 'currency', translate(lang, 'validation.invalid_option'))]);
    expect(messages).toContainEqual([5, 'cycle', rowText(5, 'cycle', translate(lang, 'validation.invalid_option'))]);
    expect(messages).toContainEqual([5, 'due_at', rowText(5, 'due_at', translate(lang, 'validation.due_future'))]);
    expect(messages.some(([row, f]) => row === 6 && f === 'app_name')).toBe(true);
    expect(messages.filter(([row]) => row === 2)).toEqual([]);
    if (lang === 'zh') expect(messages.find(([row]) => row === 3)![2]).toMatch(/^第 3 行：金额：/);
    else expect(messages.find(([row]) => row === 3)![2]).toMatch(/^Row 3: Amount /);
    const commit = await upload(`${BASE}/import-orders`, 'bad.csv', badFile(item), { lang: header, commit: true });
    expect(commit.code).toBe(201);
    expect(commit.message).toBe(translate(lang, 'server.import_has_errors', { smart_count: 4, first: commit.data.errors[0].message }));
    expect(await rowsOf(item)).toEqual([]);
  });

  it('refuses a file with only its header row', async () => {
    const r = await upload(`${BASE}/import-orders`, 'empty.csv', csv(['Business unit,Item,Amount', ',,']));
    expect([r.code, r.message]).toEqual([201, translate('en', 'server.import_empty')]);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['业务单元', '商品']);
    const x = await upload(`${BASE}/import-orders`, 'empty.xlsx', Buffer.from(await book.xlsx.writeBuffer()), { lang: 'zh-CN' });
    expect([x.code, x.message]).toEqual([201, translate('zh', 'server.import_empty')]);
  });

  it('refuses a file that is not CSV or XLSX, or lacks the columns', async () => {
    for (const [name, bytes] of [['orders.pdf', Buffer.from('%PDF-1.4 ...')], ['orders.xlsx', Buffer.from('Business unit,Item\nx,y\n')], ['orders.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])]] as const) {
      const r = await upload(`${BASE}/import-orders`, name, bytes);
      expect([r.code, r.message], name).toEqual([201, translate('en', 'server.import_format', { name })]);
    }
    const gbk = await upload(`${BASE}/import-orders`, 'gbk.csv', Buffer.from([0xd2, 0xb5, 0xce, 0xf1, 0x2c, 0x61, 0x0a]));
    expect(gbk.message).toBe(translate('en', 'server.import_encoding', { name: 'gbk.csv' }));
    const cols = await upload(`${BASE}/import-orders`, 'cols.csv', csv(['Amount,Currency', '1,CNY']));
    expect(cols.message).toBe(translate('en', 'server.import_columns', { columns: 'Business unit, Item' }));
  });

  it('refuses a file over 5 MB, or over 10,000 rows', async () => {
    const big = await upload(`${BASE}/import-orders`, 'big.csv', Buffer.concat([csv(['Business unit,Item,Amount']), Buffer.alloc(5 * 1024 * 1024, 'a')]));
    expect([big.code, big.message]).toEqual([201, translate('en', 'server.import_too_large', { limit: '5 MB' })]);
    const many = await upload(`${BASE}/import-orders`, 'many.csv', csv(['Business unit,Item,Amount', ...Array.from({ length: 10_001 }, (_, i) => `${bu.code},Many ${i},1`)]));
    expect([many.code, many.message]).toEqual([201, translate('en', 'server.import_too_many_rows', { max: '10,000' })]);
  });

  it('refuses an .xlsx whose zip declares more than 100 MB unpacked, or whose directory is broken', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Orders').addRows([['Business unit', 'Item'], [bu.code, `Zip ${uid()}`]]);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    // The central directory's first entry claims 200 MB unpacked.
    const claims = Buffer.from(good);
    const directory = claims.readUInt32LE(claims.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
    claims.writeUInt32LE(200 * 1024 * 1024, directory + 24);
    const bomb = await upload(`${BASE}/import-orders`, 'bomb.xlsx', claims);
    expect([bomb.code, bomb.message]).toEqual([201, translate('en', 'server.import_too_large', { limit: '5 MB' })]);
    const broken = Buffer.from(good);
    broken.writeUInt32LE(0, directory);
    const r = await upload(`${BASE}/import-orders`, 'broken.xlsx', broken);
    expect([r.code, r.message]).toEqual([201, translate('en', 'server.import_format', { name: '.xlsx' })]);
  });

  it('keeps the sample file importable', async () => {
    const sample = readFileSync(new URL('../../docs/samples/orders.csv', import.meta.url));
    const r = await upload(`${BASE}/import-orders`, 'orders.csv', sample);
    expect(r.code, r.message).toBe(200);
    expect(r.data.total).toBeGreaterThan(0);
  });
});

describe('export', () => {
  const exportFile = async (path: string, body: Record<string, unknown>, lang = 'en-US') => {
    const raw = await s.app.inject({ method: 'POST', url: path, payload: body, headers: { authorization: `Bearer ${admin}`, 'accept-language': lang } });
    return raw;
  };

  it.each(['csv', 'xlsx'] as const)('round-trips: the exported %s imports back to the same rows and BUs', async (format) => {
    const item = `Trip${format} ${uid()}`;
    // `other` has no code: the export's BU ID column brings its rows back.
    const rows = [
      { bu_code: bu.code, app_name: `${item} 1`, amount: '1200.50', currency: 'HKD', cycle: '1', pay_type: '1', due_at: future.toISOString(), note: '=SUM(A1) 备注, "quoted"\nnext line' },
      { bu_guid: other.guid, app_name: `${item} 2`, amount: '0.07', currency: 'USD', cycle: '2', pay_type: '0', note: "'+starts with a quote" },
      { bu_code: bu.code, app_name: `${item} 3`, amount: '10000000.00' },
    ];
    const made = await s.post(`${BASE}/service/import-orders`, { rows, commit: true }, { token: admin });
    expect(made.code, made.message).toBe(200);
    const before = (await rowsOf(item)).map(essence);
    expect(before).toHaveLength(3);
    const file = await exportFile(`${BASE}/service/export-orders`, { format, keyword: item }, 'zh-CN');
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(new RegExp(`attachment; filename="orders-service-\\d{8}\\.${format}"`));
    if (format === 'csv') {
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(file.body.split('\r\n')[0]).toContain('业务单元,业务单元编码,业务单元 ID,');
      expect(file.body).toContain(`${other.name},,${other.guid},`);
      // Text Excel would run as a formula is written after a quote.
      expect(file.body).toContain(`"'=SUM(A1) 备注, ""quoted""\nnext line"`);
    }
    await s.db.query('delete from orders where app_name like $1', [`${item}%`]);
    const back = await upload(`${BASE}/service/import-orders`, `back.${format}`, file.rawPayload, { commit: true, lang: 'zh-CN' });
    expect(back.code, back.message).toBe(200);
    expect(back.data.imported).toBe(3);
    expect((await rowsOf(item)).map(essence)).toEqual(before);
  });

  it('exports the list filtered by state, and the general kind through export and export-orders', async () => {
    const item = `State ${uid()}`;
    await s.post(`${BASE}/import-orders`, { rows: [1, 2, 3].map((i) => ({ bu_code: bu.code, app_name: `${item} ${i}`, amount: '1' })), commit: true }, { token: admin });
    const [first] = await rowsOf(item);
    const guid = (await s.db.query<{ guid: string }>('select guid from orders where number = $1', [first.number])).rows[0].guid;
    const voided = await s.post(`${BASE}/void`, { guid, void_reason: 'test' }, { token: admin });
    expect(voided.code, voided.message).toBe(200);
    const file = await exportFile(`${BASE}/export`, { format: 'csv', keyword: item, state: 3 });
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${item} 1`);
    expect(lines[1]).toContain('Void');
    const all = await s.app.inject({ method: 'POST', url: `${BASE}/export-orders?format=csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain(`${item} 3`);
    // The general kind's export holds no product order.
    expect(all.body).not.toContain('Csv ');
    const none = await s.post(`${BASE}/export-orders`, undefined, { token: admin });
    expect([none.code, none.message]).toEqual([201, translate('en', 'server.validation_failed', { details: translate('en', 'validation.field_error', { field: 'File format', message: translate('en', 'validation.required') }) })]);
  });
});

describe('one business time zone (Asia/Shanghai by default)', () => {
  const inject = (path: string, body: Record<string, unknown>, lang = 'en-US') => s.app.inject({ method: 'POST', url: path, payload: body, headers: { authorization: `Bearer ${admin}`, 'accept-language': lang } });
  const day = { y: future.getUTCFullYear(), m: future.getUTCMonth(), d: future.getUTCDate() };
  const dayText = `${day.y}/${day.m + 1}/${day.d}`;
  /** The end of that day in UTC+8. */
  const endOfDay = new Date(Date.UTC(day.y, day.m, day.d, 23, 59, 59) - 8 * 3600_000).toISOString();

  it('reads an Excel date cell and the same date in a CSV as the same instant, and previews it as a person reads it', async () => {
    const item = `Zone ${uid()}`;
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Orders').addRows([['Business unit code', 'Item', 'Due by'], [bu.code, `${item} xlsx`, new Date(Date.UTC(day.y, day.m, day.d))]]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await upload(`${BASE}/import-orders`, 'z.xlsx', xlsx);
    expect(preview.data.rows[0].due_at).toBe(`${day.y}-${String(day.m + 1).padStart(2, '0')}-${String(day.d).padStart(2, '0')} 23:59:59 (Asia/Shanghai)`);
    expect((await upload(`${BASE}/import-orders`, 'z.xlsx', xlsx, { commit: true })).code).toBe(200);
    expect((await upload(`${BASE}/import-orders`, 'z.csv', csv(['Business unit code,Item,Due by', `${bu.code},${item} csv,${dayText}`]), { commit: true })).code).toBe(200);
    expect((await rowsOf(item)).map((r) => new Date(r.due_at as string).toISOString())).toEqual([endOfDay, endOfDay]);
  });

  it('exports real date cells and amounts as numbers in the currency\'s format; CSV times in ISO 8601 with the zone named', async () => {
    const item = `Cells ${uid()}`;
    const due = `${day.y}-${String(day.m + 1).padStart(2, '0')}-${String(day.d).padStart(2, '0')} 10:00`;
    expect((await s.post(`${BASE}/import-orders`, { rows: [{ bu_code: bu.code, app_name: item, amount: '1,200.50', currency: 'HKD', due_at: due }], commit: true }, { token: admin })).code).toBe(200);
    const file = await inject(`${BASE}/export`, { format: 'xlsx', keyword: item });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const cell = (key: string) => sheet.getRow(2).getCell(headers.findIndex((h) => h.startsWith(key)) + 1);
    expect(headers).toContain('Due by (Asia/Shanghai)');
    // Excel holds the clock it shows: 10:00 that day.
    expect(cell('Due by').value).toEqual(new Date(Date.UTC(day.y, day.m, day.d, 10)));
    expect(cell('Due by').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cell('Amount').value).toBe(1200.5);
    expect(cell('Amount').numFmt).toBe('"HK$"#,##0.00');
    const text = (await inject(`${BASE}/export`, { format: 'csv', keyword: item })).body;
    expect(text).toContain('Due by (Asia/Shanghai)');
    expect(text).toContain(`${due.replace(' ', 'T')}:00+08:00`);
  });

  it('exports an empty list as its headers', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await inject(`${BASE}/export`, { format, keyword: `Nothing ${uid()}` });
      expect(file.statusCode).toBe(200);
      if (format === 'csv') expect(file.body.trim().split('\r\n')).toHaveLength(1);
      else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
        expect(book.worksheets[0].rowCount).toBe(1);
      }
    }
  });

  it('gives a template in the reader\'s language, with an example row and the rules, that imports once filled', async () => {
    const file = await inject(`${BASE}/product/import-template`, {}, 'zh-CN');
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toBe('attachment; filename="orders-product-template.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [orders, rules] = book.worksheets;
    expect((orders.getRow(1).values as string[]).slice(1)).toEqual(['业务单元编码', '业务单元 ID', '商品', '金额', '币种', '计费周期', '付费方式', '付款截止 (Asia/Shanghai)', '备注']);
    expect(orders.rowCount).toBe(2);
    expect(rules.getRow(9).getCell(2).value).toContain('Asia/Shanghai');
    // As is, the example names no BU; with a real code it imports.
    const asIs = await upload(`${BASE}/product/import-orders`, 't.xlsx', file.rawPayload, { lang: 'zh-CN' });
    expect(asIs.data).toMatchObject({ total: 1, valid: 0 });
    const item = `Tpl ${uid()}`;
    orders.getRow(2).getCell(1).value = bu.code;
    orders.getRow(2).getCell(3).value = item;
    const filled = await upload(`${BASE}/product/import-orders`, 't.xlsx', Buffer.from(await book.xlsx.writeBuffer()), { commit: true, lang: 'zh-CN' });
    expect(filled.code, filled.message).toBe(200);
    const [row] = await rowsOf(item);
    expect(row).toMatchObject({ amount: 120_050, currency: 'CNY', cycle: 2, kind: 1 });
    expect(new Date(row.due_at as string).toISOString()).toMatch(/-12-31T15:59:59\.000Z$/);
  });
});

describe('who may', () => {
  it('refuses a tenant token and an operator without admin:order', async () => {
    const t = await tenantWithBu(s);
    const file = csv(['Business unit,Item,Amount', `${bu.code},x,1`]);
    for (const token of [t.token]) {
      const r = await upload(`${BASE}/import-orders`, 'x.csv', file, { token });
      expect([r.code, r.message]).toEqual([201, translate('en', 'server.operators_only')]);
      const e = await s.post(`${BASE}/export`, { format: 'csv' }, { token });
      expect(e.code).toBe(201);
    }
    const role = await s.post('/open/admin/system/role/add', { name: `NoOrders ${uid()}` }, { token: admin });
    const name = `noorder_${uid()}`;
    await s.post('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.data.guid] }, { token: admin });
    const op = await s.login(name, 'Limited123');
    for (const path of [`${BASE}/import-orders`, `${BASE}/product/import-orders`]) {
      const r = await upload(path, 'x.csv', file, { token: op });
      expect([r.code, r.message], path).toEqual([201, translate('en', 'server.no_access')]);
    }
    for (const path of [`${BASE}/export`, `${BASE}/export-orders`, `${BASE}/service/export-orders`]) {
      const r = await s.post(path, { format: 'csv' }, { token: op });
      expect([r.code, r.message], path).toEqual([201, translate('en', 'server.no_access')]);
    }
  });
});
