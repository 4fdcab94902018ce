import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import docsEn from '../../i18n/documents/en.ts';
import docsHk from '../../i18n/documents/hk.ts';
import docsZh from '../../i18n/documents/zh.ts';
import { AGREEMENT_CODES } from '../../schemas/agreements.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

const op = (path: string, body: unknown = {}) => s.post(path, body, { token: admin });
const read = (path: string, body: unknown, lang: string) => s.post(path, body, { lang });
const FIND = '/open/admin/document-manage/find';

describe('documents in three languages (docs/docs.md, "Languages")', () => {
  const tag = uid();
  let guid: string;
  beforeAll(async () => {
    const made = await op('/open/admin/document-manage/create', {
      title: `接入指南 ${tag}`, title_en: `Onboarding ${tag}`, code: `onboarding-${tag}`, category: 'faq',
      body: `## 第一步\n\n先注册。`, body_en: `## First step\n\nSign up with a zanzibarword ${tag}.`, summary: '摘要', summary_en: 'Summary',
    });
    expect(made.code, made.message).toBe(200);
    guid = made.data.guid;
    await op('/open/admin/document-manage/status', { guid, status: 0 });
  });

  it('answers each reader in their language, and the default language\'s text where theirs is not written, saying so', async () => {
    const en = (await read(FIND, { code: `onboarding-${tag}` }, 'en-US')).data;
    expect(en).toMatchObject({ title: `Onboarding ${tag}`, summary: 'Summary', text_lang: 'en' });
    expect(en.toc.map((h: { text: string }) => h.text)).toEqual(['First step']);
    expect(en).not.toHaveProperty('body_en');
    const hk = (await read(FIND, { code: `onboarding-${tag}` }, 'zh-HK')).data;
    expect(hk).toMatchObject({ title: `接入指南 ${tag}`, text_lang: 'zh' });
    expect(hk.toc.map((h: { text: string }) => h.text)).toEqual(['第一步']);
    const zh = (await read(FIND, { code: `onboarding-${tag}` }, 'zh-CN')).data;
    expect(zh).toMatchObject({ title: `接入指南 ${tag}`, text_lang: 'zh' });
    const tree = (await read('/open/admin/document-manage/all-list', {}, 'en-US')).data as { category: string; children: { code: string; title: string }[] }[];
    expect(tree.find((c) => c.category === 'faq')!.children.find((d) => d.code === `onboarding-${tag}`)!.title).toBe(`Onboarding ${tag}`);
  });

  it('search finds a word written only in English, and shows the result in the reader\'s language with that passage', async () => {
    for (const [lang, title] of [['en-US', `Onboarding ${tag}`], ['zh-CN', `接入指南 ${tag}`]]) {
      const found = (await read('/open/developer-center/search', { query: `zanzibarword ${tag}` }, lang)).data;
      expect(found.list.map((d: { title: string }) => d.title), lang).toEqual([title]);
      expect(found.list[0].snippet).toContain('<mark>zanzibarword</mark>');
    }
  });

  it('versions keep every language; a restore writes them all back, and the history diffs each body', async () => {
    await op('/open/admin/document-manage/update', { guid, body_en: `## First step\n\nSign up, then verify your e-mail.` });
    const versions = (await op('/open/admin/document-manage/document-history-list', { guid })).data as { guid: string; version: number; action: string }[];
    expect(versions.map((v) => [v.version, v.action])).toEqual([[2, 'update'], [1, 'create']]);
    const latest = (await op('/open/admin/document-manage/document-history', { guid: versions[0].guid })).data;
    expect(latest.diff.every((l: { op: string }) => l.op === '=')).toBe(true);
    expect(latest.diffs.body_en).toEqual(expect.arrayContaining([{ op: '+', text: 'Sign up, then verify your e-mail.' }]));
    expect(latest).not.toHaveProperty('diffs.body_hk');
    const first = (await op('/open/admin/document-manage/document-history', { guid: versions[1].guid })).data;
    expect(first.restore).toMatchObject({ title: `接入指南 ${tag}`, title_en: `Onboarding ${tag}`, body_en: `## First step\n\nSign up with a zanzibarword ${tag}.`, body_hk: '' });
    expect((await op('/open/admin/document-manage/update', { guid, ...first.restore })).code).toBe(200);
    expect((await read(FIND, { code: `onboarding-${tag}` }, 'en-US')).data.html).toContain('zanzibarword');
  });

  it('refuses a title in another language longer than the rule, naming the field', async () => {
    const r = await s.post('/open/admin/document-manage/update', { guid, title_hk: 'x'.repeat(65) }, { token: admin, lang: 'en-US' });
    expect(r.code).toBe(201);
    expect(r.data.map((f: { field: string }) => f.field)).toEqual(['title_hk']);
  });
});

describe('the platform\'s own documents on a fresh install', () => {
  it('publishes every agreement of the spec and the about page in zh, hk and en', async () => {
    for (const code of [...Object.values(AGREEMENT_CODES), 'about-us', 'getting-started']) {
      for (const [lang, texts] of [['zh-CN', docsZh], ['zh-HK', docsHk], ['en-US', docsEn]] as const) {
        const doc = await read(FIND, { code }, lang);
        expect(doc.code, `${code} ${lang}`).toBe(200);
        expect(doc.data, `${code} ${lang}`).toMatchObject({ title: (texts as unknown as Record<string, { title: string }>)[code].title, status: 0, text_lang: lang === 'zh-CN' ? 'zh' : lang === 'zh-HK' ? 'hk' : 'en' });
      }
    }
  });

  it('names each scope\'s page by the scope\'s name in the reader\'s language', async () => {
    const en = await read(FIND, { code: 'contact:department:readonly' }, 'en-US');
    expect(en.data).toMatchObject({ title: 'Read departments', text_lang: 'en' });
    expect(en.data.html).toContain('data-api-table="api"');
  });

  it('writes the documents added since on an older database, once, and leaves codes operators use to them', async () => {
    // An older database: its marker says only the first edition was written, and an operator wrote their own privacy policy.
    await s.db.query("update server_secret set value = 'done' where name = 'seed:documents'");
    await s.db.query("delete from document where code in ('service', 'privacy')");
    const own = await op('/open/admin/document-manage/create', { title: '我们的隐私政策', code: 'privacy', category: 'website_agreement', body: '自己写的。' });
    const { seedDocuments } = await import('../../server/seed/documents.ts');
    await seedDocuments(s.db);
    await seedDocuments(s.db);
    const rows = (await s.db.query<{ code: string; guid: string }>("select code, guid from document where code in ('service', 'privacy', 'getting-started')")).rows;
    expect(rows.map((r) => r.code).sort()).toEqual(['getting-started', 'privacy', 'service']);
    expect(rows.find((r) => r.code === 'privacy')!.guid).toBe(own.data.guid);
  });
});
