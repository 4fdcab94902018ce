import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSchema } from '../../schemas/document.ts';
import { classifySchema, labelSchema, listingSchema } from '../../schemas/store.ts';
import { translatedFields } from '../../schemas/translated.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let admin: string;
const tag = uid();
let appGuid: string;
let classGuid: string;

const op = async (path: string, body: unknown) => {
  const r = await s.post(path, body, { token: admin });
  expect(r.code, `${path}: ${r.message}`).toBe(200);
  return r.data;
};
const visitor = (path: string, body: unknown, lang: string) => s.post(path, body, { lang });

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  const label = await op('/open/app/label/add', { name: `试用${tag}`, name_hk: `試用${tag}`, name_en: `Trial ${tag}`, sort: 0 });
  classGuid = (await op('/open/app/classify/add', { name: `客服${tag}`, name_hk: `客戶服務${tag}`, name_en: `Service ${tag}`, sort: 0 })).guid;
  appGuid = (await op('/open/admin/app-manage/add-app', { name: `服务台${tag}`, code: `desk-${tag}`, type: 0 })).guid;
  await op('/open/app/introduce/update/app-manage', {
    app_guid: appGuid, name_hk: `服務台${tag}`, name_en: `Service Desk ${tag}`,
    summary: '工单一处收', summary_en: 'Tickets in one queue',
    description: '## 介绍', description_hk: '## 介紹', description_en: '## About',
    provider: '开放平台', provider_hk: '開放平台',
    label_guids: [label.guid], status: 0,
  });
  await op('/open/app/classify/app-related/add', { classify_guid: classGuid, app_guid: appGuid, sort: 0 });
});
afterAll(async () => {
  await s?.close();
});

/**
 * The store's texts are written per language (schemas/translated.ts): visitors read each in their
 * language where it is written, else in the default language's; the other columns never show.
 */
describe('the store in the reader’s language', () => {
  it('marks the store’s and the documents’ translated fields with one mechanism', () => {
    expect(translatedFields(labelSchema.shape)).toEqual(['name']);
    expect(translatedFields(classifySchema.shape)).toEqual(['name']);
    expect(translatedFields(listingSchema.shape)).toEqual(['name', 'summary', 'description', 'provider']);
    expect(translatedFields(documentSchema.shape)).toEqual(['title', 'summary', 'body']);
  });

  it('adds the columns by a numbered migration', async () => {
    const { rows } = await s.db.query<{ name: string }>('select name from schema_migrations where id = 24');
    expect(rows[0]?.name).toMatch(/store/);
    const cols = await s.db.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'app_listing' and column_name like '%\\_en'");
    expect(cols.rows.map((r) => r.column_name).sort()).toEqual(['description_en', 'name_en', 'provider_en', 'summary_en']);
  });

  it('a card, its labels and the classifications in English, falling back where nothing is written', async () => {
    const found = await visitor('/open/app/market/search/app-classify/list', { classify_guid: classGuid }, 'en-US');
    expect(found.data.list).toHaveLength(1);
    const card = found.data.list[0];
    expect(card).toMatchObject({ name: `Service Desk ${tag}`, summary: 'Tickets in one queue', provider: '开放平台', labels: [{ name: `Trial ${tag}` }] });
    expect(Object.keys(card).filter((k) => /_(hk|en)$/.test(k))).toEqual([]);
    const classes = (await visitor('/open/app/market/search/classify/list', {}, 'en-US')).data as { guid: string; name: string }[];
    expect(classes.find((c) => c.guid === classGuid)?.name).toBe(`Service ${tag}`);
  });

  it('an app’s page in Hong Kong Chinese, and in the default language for a zh reader', async () => {
    const hk = (await visitor('/open/app/market/search/app-manage/info', { guid: appGuid }, 'zh-HK')).data;
    expect(hk).toMatchObject({ name: `服務台${tag}`, summary: '工单一处收', provider: '開放平台', classifications: [{ name: `客戶服務${tag}` }], labels: [{ name: `試用${tag}` }] });
    expect(hk.description_html).toContain('介紹');
    const zh = (await visitor('/open/app/market/search/app-manage/info', { guid: appGuid }, 'zh-CN')).data;
    expect(zh).toMatchObject({ name: `服务台${tag}`, provider: '开放平台', labels: [{ name: `试用${tag}` }] });
    expect(zh.description_html).toContain('介绍');
  });

  it('finds an app by its words in any language', async () => {
    for (const name of [`Service Desk ${tag}`, `服務台${tag}`, 'Tickets in one']) {
      const r = await visitor('/open/app/market/search/app-classify/list', { name }, 'zh-CN');
      expect(r.data.list.map((a: { guid: string }) => a.guid), name).toEqual([appGuid]);
    }
  });

  it('the operator’s form takes and gives back every language’s text', async () => {
    const [row] = (await op('/open/app/introduce/search/admin/app-manage/list', { app_guid: appGuid, page: 1, page_size: 1 })).list;
    const listing = await op('/open/app/introduce/search/app-manage/get', { guid: row.guid });
    expect(listing).toMatchObject({ name_en: `Service Desk ${tag}`, summary_en: 'Tickets in one queue', provider_hk: '開放平台' });
  });
});
