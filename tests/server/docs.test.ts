import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineDiff } from '../../server/docs/diff.ts';
import { renderMarkdown } from '../../server/docs/markdown.ts';
import { searchQuery, searchTokens, snippetOf } from '../../server/docs/search.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { multipart as form, PNG, upload as uploadTo, type UploadPart } from '../helpers/upload.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

const BASE = '/open/admin/document-manage';
const op = async (segment: string, body: unknown) => {
  const r = await s.post(`${BASE}/${segment}`, body, { token: admin });
  if (r.code !== 200) throw new Error(`${segment}: ${r.message}`);
  return r.data;
};
const visitor = (segment: string, body: unknown, lang?: string) => s.post(`${BASE}/${segment}`, body, { lang });
const publish = async (fields: Record<string, unknown>) => {
  const doc = await op('create', { category: 'developer_guide', ...fields });
  await op('status', { guid: doc.guid, status: 0 });
  return doc;
};

/** Payloads that would run script if any reached the page as markup. */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](java&#x73;cript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '<javascript:alert(1)>',
  '[x](//evil.example/steal)',
  '<style>body{display:none}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '"><script>alert(1)</script>',
  '```api-table\n"><script>alert(1)</script>\n```',
  '[x]: javascript:alert(1)\n\n[y][x]',
];

describe('documents are rendered safely', () => {
  it.each(XSS)('no markup of %s survives', (payload) => {
    const { html } = renderMarkdown(`# Title\n\n${payload}\n\ntext`);
    expect(html).not.toMatch(/<(script|iframe|svg|style|object|embed)/i);
    expect(html).not.toMatch(/<[^>]+\son\w+\s*=/i);
    expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/(href|src)\s*=\s*"\/\//i);
    expect(html).not.toMatch(/<[^>]+style\s*=/i);
  });

  it('keeps ordinary Markdown: headings with anchors and a table of contents, links, code, tables and embedded API tables', () => {
    const { html, toc } = renderMarkdown('# Guide\n\n## 快速开始\n\n### Get a token\n\n## Get a token\n\n[site](https://example.com) [here](/developer/doc) `code`\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```api-table\ncontact:member:readonly\n```\n');
    expect(toc).toEqual([
      { level: 2, id: '快速开始', text: '快速开始' },
      { level: 3, id: 'get-a-token', text: 'Get a token' },
      { level: 2, id: 'get-a-token-2', text: 'Get a token' },
    ]);
    expect(html).toContain('<h2 id="快速开始">');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="/developer/doc">here</a>');
    expect(html).toContain('<table>');
    expect(html).toContain('<div data-api-table="api" data-code="contact:member:readonly"></div>');
  });

  it('saved payloads never reach a reader: the answer carries the sanitised HTML', async () => {
    const doc = await publish({ title: 'Payloads', code: `xss-${uid()}`, body: XSS.join('\n\n') });
    const read = await visitor('document-info', { guid: doc.guid });
    expect(read.code).toBe(200);
    expect(read.data.html).not.toMatch(/<(script|iframe|svg|style)/i);
    expect(read.data.html).not.toMatch(/<[^>]+\son\w+\s*=/i);
    expect(read.data.html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
    expect(read.data.html).toContain('&lt;script&gt;');
  });
});

describe('search', () => {
  it('cuts Chinese into overlapping pairs and words whole; a query needs every piece, its last word also as a prefix', () => {
    expect(searchTokens('开放平台 API Token')).toEqual(['开放', '放平', '平台', 'api', 'token']);
    expect(searchQuery('应用 tok')).toBe("'应用' & 'tok':*");
    expect(searchQuery('  ;;  ')).toBeNull();
    expect(snippetOf('Get an app token <b>first</b>, then call the API.', 'token')).toBe('Get an app <mark>token</mark> &lt;b&gt;first&lt;/b&gt;, then call the API.');
  });

  it('finds published documents by English and Chinese words in titles and bodies, title matches first, with highlighted passages', async () => {
    const tag = uid();
    const body = await publish({ title: `Webhooks ${tag}`, code: `hooks-${tag}`, body: `## Receiving\n\nYour endpoint answers the challenge within one second. 事件订阅 ${tag}` });
    const title = await publish({ title: `Challenge ${tag}`, code: `challenge-${tag}`, body: 'How the platform checks a URL.' });
    await op('create', { title: `Draft challenge ${tag}`, code: `draft-${tag}`, category: 'faq', body: 'challenge' });
    const zh = await publish({ title: `获取应用访问凭证 ${tag}`, code: `token-zh-${tag}`, body: '调用开放接口前，先用应用 ID 和密钥获取访问凭证。' });

    const en = await s.post('/open/developer-center/search', { query: `challenge ${tag}` });
    expect(en.code, en.message).toBe(200);
    expect(en.data.list.map((d: { guid: string }) => d.guid)).toEqual([title.guid, body.guid]);
    expect(en.data.count).toBe(2);
    expect(en.data.list[1].snippet).toContain('<mark>challenge</mark>');

    const chinese = await s.post('/open/developer-center/search', { query: '访问凭证' });
    expect(chinese.data.list.map((d: { guid: string }) => d.guid)).toContain(zh.guid);
    expect(chinese.data.list.find((d: { guid: string }) => d.guid === zh.guid).snippet).toContain('<mark>访问凭证</mark>');
    const inBody = await s.post('/open/developer-center/search', { query: '密钥' });
    expect(inBody.data.list.map((d: { guid: string }) => d.guid)).toContain(zh.guid);
    const prefix = await s.post('/open/developer-center/search', { query: `webho` });
    expect(prefix.data.list.map((d: { guid: string }) => d.guid)).toContain(body.guid);
    const nothing = await s.post('/open/developer-center/search', { query: '%' });
    expect(nothing.data).toMatchObject({ list: [], count: 0 });

    // After an edit the new words are found and the old ones are not.
    await op('update', { guid: zh.guid, body: '改为使用服务端令牌。' });
    expect((await s.post('/open/developer-center/search', { query: '密钥' })).data.list.map((d: { guid: string }) => d.guid)).not.toContain(zh.guid);
    expect((await s.post('/open/developer-center/search', { query: '服务端令牌' })).data.list.map((d: { guid: string }) => d.guid)).toContain(zh.guid);
  });
});

describe('reading and managing documents', () => {
  it('visitors read published documents only, as a tree per category; an operator reads drafts too; tenants cannot write', async () => {
    const tag = uid();
    const parent = await publish({ title: `Parent ${tag}`, code: `parent-${tag}`, body: '# P' });
    const child = await publish({ title: `Child ${tag}`, code: `child-${tag}`, parent_guid: parent.guid, body: '## Part one\n\ntext' });
    const draft = await op('create', { title: `Draft ${tag}`, code: `draft-${tag}`, category: 'developer_guide', body: 'secret plans' });

    const tree = await visitor('all-list', {});
    const guide = tree.data.find((c: { category: string }) => c.category === 'developer_guide');
    const p = guide.children.find((n: { guid: string }) => n.guid === parent.guid);
    expect(p.children.map((n: { guid: string }) => n.guid)).toEqual([child.guid]);
    expect(JSON.stringify(tree.data)).not.toContain(draft.guid);
    expect((await visitor('find', { code: `draft-${tag}` })).code).toBe(201);
    expect((await visitor('document-info', { guid: draft.guid })).code).toBe(201);
    expect((await s.post(`${BASE}/find`, { code: `draft-${tag}` }, { token: admin })).data.body).toBe('secret plans');

    const found = await visitor('find', { code: `child-${tag}` });
    expect(found.data).toMatchObject({ title: `Child ${tag}`, toc: [{ level: 2, id: 'part-one', text: 'Part one' }], parents: [{ guid: parent.guid, code: `parent-${tag}` }] });
    const listed = await visitor('category-all-files', { category: 'developer_guide' });
    expect(listed.data.map((d: { guid: string }) => d.guid)).toEqual(expect.arrayContaining([parent.guid, child.guid]));
    expect(listed.data.map((d: { guid: string }) => d.guid)).not.toContain(draft.guid);

    const tenant = await tenantWithBu(s);
    expect((await s.post(`${BASE}/create`, { title: 'x', code: `t-${tag}`, category: 'faq' }, { token: tenant.token })).code).not.toBe(200);
    expect((await s.post(`${BASE}/update`, { guid: parent.guid, title: 'mine' }, { token: tenant.token })).code).not.toBe(200);
  });

  it('every save keeps a version with who and what; a version shows its diff; restoring saves it again as the newest', async () => {
    const tag = uid();
    const doc = await op('create', { title: `Versions ${tag}`, code: `versions-${tag}`, category: 'faq', body: 'one\ntwo\nthree' });
    await op('update', { guid: doc.guid, body: 'one\n2\nthree\nfour' });
    await op('update-doc-name', { guid: doc.guid, title: `Renamed ${tag}` });
    const parent = await op('create', { title: `Home ${tag}`, code: `home-${tag}`, category: 'faq' });
    await op('move', { guid: doc.guid, parent_guid: parent.guid });

    const versions = await op('document-history-list', { guid: doc.guid });
    expect(versions.map((v: { version: number; action: string }) => [v.version, v.action])).toEqual([[4, 'move'], [3, 'rename'], [2, 'update'], [1, 'create']]);
    expect(versions[0].author).toBe('admin');
    const second = await op('document-history', { guid: versions[2].guid });
    expect(second.diff).toEqual([
      { op: '=', text: 'one' },
      { op: '-', text: 'two' },
      { op: '+', text: '2' },
      { op: '=', text: 'three' },
      { op: '+', text: 'four' },
    ]);
    const renamed = await op('document-history', { guid: versions[1].guid });
    expect(renamed).toMatchObject({ title: `Renamed ${tag}`, title_before: `Versions ${tag}` });

    // Restoring version 1 is an update with its title and body: a fifth version, the others kept.
    const first = await op('document-history', { guid: versions[3].guid });
    await op('update', { guid: doc.guid, title: first.title, body: first.body });
    const after = await op('get', { guid: doc.guid });
    expect(after).toMatchObject({ title: `Versions ${tag}`, body: 'one\ntwo\nthree', version: 5 });
    expect(await op('document-history-list', { guid: doc.guid })).toHaveLength(5);
  });

  it('the API document of a scope lists its calls and its events', async () => {
    const r = await visitor('api-document', { code: 'contact:member:readonly' });
    expect(r.data.apis.map((a: { path: string }) => a.path)).toEqual(['/open/api/v1/member/page', '/open/api/v1/member/get']);
    expect(r.data.events.map((e: { code: string }) => e.code)).toHaveLength(3);
    expect(r.data.openapi).toBe('/open/api/openapi.json');
  });
});

describe('line diff', () => {
  it('is empty of changes for equal texts and lists everything for a rewrite', () => {
    expect(lineDiff('a\nb', 'a\nb').every((l) => l.op === '=')).toBe(true);
    expect(lineDiff('', 'x')).toEqual([{ op: '-', text: '' }, { op: '+', text: 'x' }]);
  });
});

describe('uploads', () => {
  const upload = (files: UploadPart[], token: string | null = admin) => uploadTo(s, `${BASE}/file/simple-upload`, files, token);

  it('keeps allowed files and serves them to anyone, cached: images inline with their type, others as attachments, never sniffed', async () => {
    const r = await upload([{ name: '图表 chart.png', bytes: PNG }, { name: 'notes.md', bytes: Buffer.from('# Notes\n') }]);
    expect(r.code, r.message).toBe(200);
    // Documents' files are what visitors read: public (a record's attachments are not: file-access.test.ts).
    expect(r.data.map((f: { public: boolean }) => f.public)).toEqual([true, true]);
    expect(r.data.map((f: { name: string; content_type: string; url: string }) => [f.name, f.content_type])).toEqual([['图表 chart.png', 'image/png'], ['notes.md', 'text/markdown; charset=utf-8']]);
    const image = await s.app.inject({ method: 'GET', url: r.data[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(`inline; filename="__ chart.png"; filename*=UTF-8''${encodeURIComponent('图表 chart.png')}`);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const md = await s.app.inject({ method: 'GET', url: r.data[1].url });
    expect(md.headers['content-disposition']).toMatch(/^attachment; filename="notes.md"/);

    // The catalogue's preview: the file itself, named in Content-Disposition, for a signed-in caller.
    const preview = await s.app.inject({ method: 'POST', url: '/open/admin/file/preview', payload: { guid: r.data[0].guid }, headers: { authorization: `Bearer ${admin}` } });
    expect(preview.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    expect((await s.post('/open/file/preview', { guid: r.data[0].guid })).status).toBe(401);
    const tenant = await tenantWithBu(s);
    expect((await s.app.inject({ method: 'POST', url: '/open/file/preview', payload: { guid: r.data[0].guid }, headers: { authorization: `Bearer ${tenant.token}` } })).rawPayload.equals(PNG)).toBe(true);
    expect((await s.post('/open/admin/file/preview', { guid: r.data[0].guid }, { token: tenant.token })).code).toBe(201);
  });

  it('refuses what breaks the rules, by name, and keeps nothing of a refused upload', async () => {
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from file')).rows[0].n;
    expect((await upload([{ name: 'run.exe', bytes: Buffer.from('MZ') }])).message).toBe('run.exe: this kind of file cannot be uploaded. Allowed: png, jpg, jpeg, gif, bmp, svg, pdf, zip, txt, md, csv.');
    expect((await upload([{ name: 'fake.png', bytes: Buffer.from('<script>alert(1)</script>') }])).message).toBe('fake.png is not a valid .png file.');
    expect((await upload([{ name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) }])).message).toBe('big.png is larger than 2 MB.');
    expect((await upload(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG })))).message).toBe('Upload at most 5 files at a time.');
    expect((await upload([{ name: 'ok.png', bytes: PNG }, { name: 'bad.gif', bytes: PNG }])).message).toBe('bad.gif is not a valid .gif file.');
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from file')).rows[0].n).toBe(before);
    const tenant = await tenantWithBu(s);
    expect((await upload([{ name: 'ok.png', bytes: PNG }], tenant.token)).code).not.toBe(200);
    expect((await upload([{ name: 'ok.png', bytes: PNG }], null)).status).toBe(401);
  });

  it('only the upload call takes a form; every other call refuses one with 415', async () => {
    const f = form([{ name: 'x.png', bytes: PNG }]);
    const raw = await s.app.inject({ method: 'POST', url: `${BASE}/create`, payload: f.payload, headers: { ...f.headers, authorization: `Bearer ${admin}` } });
    expect(raw.statusCode).toBe(415);
  });
});

describe('search input', () => {
  it('a query longer than 64 characters is refused by name', async () => {
    const r = await s.post('/open/developer-center/search', { query: 'x'.repeat(65) });
    expect(r.code).toBe(201);
    expect(r.message).toBe('Form validation failed: Search words must have at most 64 characters');
  });
});
