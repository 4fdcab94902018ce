import { z } from 'zod';
import { DOC_CATEGORIES, DOC_STATUS } from '../../schemas/document.ts';
import { datetime, permCode } from '../../schemas/common.ts';
import { docRead as read, docSearch, docSummary as summary } from '../../schemas/document-answers.ts';
import { USER_TYPE } from '../auth/caller.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingInput, pagingOf } from '../engine/paging.ts';
import { escapeLike } from '../engine/where.ts';
import { nest } from '../engine/relations.ts';
import { findOne } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { lineDiff } from '../docs/diff.ts';
import { plainText, renderMarkdown } from '../docs/markdown.ts';
import { searchQuery, snippetOf } from '../docs/search.ts';
import { inReaderLanguage, VERSIONED, withTranslations } from '../docs/languages.ts';
import { seededText } from '../services/seeded-text.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import { openApiCalls, summaryOf } from '../open-api/calls.ts';
import { named } from '../engine/named.ts';
import { docSchema } from '../http/json-schema.ts';
import { LISTED } from '../services/store-listed.ts';

/** Developer documents as visitors read them, and their versions for operators (docs/docs.md). */

/** A document's list columns, with its title and summary in every language (answered in the reader's, server/docs/languages.ts). */
const SUMMARY = `guid, ${withTranslations('title', 'summary')}, code, category, parent_guid, sort, status, version, updated_at`;

/** Visitors read published documents; an operator's token reads drafts too (to preview them). */
const visible = (ctx: CallContext) => (ctx.caller?.userType === USER_TYPE.operator ? 'true' : `status = ${DOC_STATUS.published}`);

/** A document by its guid or its code: one of the two is needed, and its absence is refused naming `guid`. */
const byInput = z
  .object({ guid: z.uuid('validation.guid_format').optional(), code: z.string().trim().min(1).max(64).optional() })
  .refine((v) => v.guid || v.code, { message: 'validation.required', path: ['guid'] })
  .meta({ anyOf: [{ required: ['guid'] }, { required: ['code'] }] });

/** The tree of documents: a summary with its children, to any depth. */
const NODE = 'document.summary-node';
const treeAnswer = {
  json: { type: 'array', items: { type: 'object', required: ['category', 'children'], properties: { category: { enum: [...DOC_CATEGORIES] }, children: { type: 'array', items: { $ref: `#/components/schemas/${NODE}` } } } } },
  components: { [NODE]: { allOf: [docSchema(summary, 'output'), { type: 'object', required: ['children'], properties: { children: { type: 'array', items: { $ref: `#/components/schemas/${NODE}` } } } }] } },
};

const readDocument = named({ input: byInput, output: read }, async (ctx, by) => {
  const [column, value] = by.guid ? ['guid', by.guid] : ['code', by.code];
  const { rows } = await ctx.services.db.query<Record<string, unknown> & { body: string; parent_guid: string | null }>(
    `select ${SUMMARY}, ${withTranslations('body')} from document where ${column} = $1 and ${visible(ctx)}`,
    [value],
  );
  if (!rows[0]) throw new Warning('server.record_not_found');
  const doc = inReaderLanguage(rows[0], ctx.lang);
  const { rows: parents } = await ctx.services.db.query(
    `with recursive up as (select guid, ${withTranslations('title')}, code, parent_guid, 1 as depth from document where guid = $1
       union all select d.guid, ${withTranslations('title').split(', ').map((c) => `d.${c}`).join(', ')}, d.code, d.parent_guid, up.depth + 1 from document d join up on d.guid = up.parent_guid where up.depth < 20)
     select guid, ${withTranslations('title')}, code from up order by depth desc`,
    [doc.parent_guid],
  );
  return { ...doc, ...renderMarkdown(doc.body), parents: parents.map((p) => inReaderLanguage(p, ctx.lang)) };
});

export const docsInfo = readDocument;
export const docsFind = readDocument;

/** Every visible document, as a tree per category in the categories' order. */
export const docsTree = named({ output: treeAnswer }, async (ctx) => {
  const rows = (await ctx.services.db.query(`select ${SUMMARY} from document where ${visible(ctx)} order by sort, title`)).rows.map((r) => inReaderLanguage(r, ctx.lang));
  return DOC_CATEGORIES.map((category) => ({ category, children: nest(rows.filter((r) => r.category === category), 'parent_guid') })).filter((c) => c.children.length);
});

const categoryInput = z.object({ category: z.enum(DOC_CATEGORIES, { error: 'validation.invalid_option' }) });

/** One category's visible documents, flat, in order. */
export const docsCategory = named({ input: categoryInput, output: z.array(summary) }, async (ctx, { category }) => {
  return (await ctx.services.db.query(`select ${SUMMARY} from document where category = $1 and ${visible(ctx)} order by sort, title`, [category])).rows.map((r) => inReaderLanguage(r, ctx.lang));
});

const scopeInput = z.object({ code: permCode() });

/** A scope's reference: its open-API calls (the OpenAPI document at /open/api/openapi.json is built from the same table) and its events' payload schemas. */
const apiDocument = z.object({
  code: z.string(), openapi: z.string().describe("The open API's document"),
  apis: z.array(z.object({ method: z.literal('POST'), path: z.string(), api_code: z.string(), summary: z.string() })),
  events: z.array(z.object({ code: z.string(), name: z.string(), payload_schema: z.record(z.string(), z.unknown()).nullable().describe("The event's JSON Schema") })),
});
export const docsApiDocument = named({ input: scopeInput, output: apiDocument }, async (ctx, { code }) => {
  const events = await ctx.services.db.query<{ code: string; name: string }>('select code, name, payload_schema from event_info where group_code = $1 and status = 0 order by code', [code]);
  return {
    code,
    openapi: '/open/api/openapi.json',
    apis: openApiCalls.filter((c) => c.scope === code).map((c) => ({ method: 'POST', path: c.path, api_code: c.apiCode, summary: summaryOf(ctx.lang, c.path) })),
    events: events.rows.map((e) => ({ ...e, name: seededText(ctx.lang, e.name, `resources.event-info.seeded.${eventMessageKey(e.code)}.name`) })),
  };
});

/** A document's versions, newest first: who saved what, when. */
const guidInput = z.object({ guid: z.uuid('validation.guid_format') });
const versionRow = z.object({ guid: z.uuid(), version: z.int(), action: z.string(), title: z.string(), created_at: datetime(), created_by: z.uuid().nullable(), author: z.string().nullable() });
export const docsVersions = named({ input: guidInput, output: z.array(versionRow) }, async (ctx, { guid }) => {
  await findOne(ctx, guid);
  const { rows } = await ctx.services.db.query(
    `select v.guid, v.version, v.action, v.title, v.created_at, v.created_by, u.username as author
       from document_version v left join users u on u.guid = v.created_by where v.document_guid = $1 order by v.version desc`,
    [guid],
  );
  return rows;
});

type Texts = Record<string, string>;

/**
 * One version in full, with the line diff of its body against the version before it (`diff`, the
 * default language's; `diffs`, each other language's body written in either), and `restore`: the
 * texts a restore writes back, in every language.
 */
const diff = z.array(z.object({ op: z.enum(['=', '+', '-']), text: z.string() }));
const versionRead = z.looseObject({
  guid: z.uuid(), document_guid: z.uuid(), version: z.int(), title: z.string(), body: z.string(), author: z.string().nullable(), title_before: z.string().nullable(),
  diff, diffs: z.record(z.string(), diff).describe('Per translated body column'), restore: z.record(z.string(), z.string()).describe('The fields that restore this version'),
});
export const docsVersion = named({ input: guidInput, output: versionRead }, async (ctx, { guid }) => {
  const { rows } = await ctx.services.db.query<{ document_guid: string; version: number; title: string; body: string; translations: Texts }>(
    `select v.*, u.username as author from document_version v left join users u on u.guid = v.created_by where v.guid = $1`,
    [guid],
  );
  const version = rows[0];
  if (!version) throw new Warning('server.record_not_found');
  await findOne(ctx, version.document_guid);
  const before = (
    await ctx.services.db.query<{ title: string; body: string; translations: Texts }>(
      'select title, body, translations from document_version where document_guid = $1 and version < $2 order by version desc limit 1',
      [version.document_guid, version.version],
    )
  ).rows[0];
  // The first version is all added.
  const diffOf = (was: string | undefined, now: string) => (before ? lineDiff(was ?? '', now) : now.split('\n').map((text) => ({ op: '+' as const, text })));
  const bodies = VERSIONED.filter((c) => c.startsWith('body_') && (version.translations[c] || before?.translations[c]));
  return {
    ...version,
    title_before: before?.title ?? null,
    diff: diffOf(before?.body, version.body),
    diffs: Object.fromEntries(bodies.map((c) => [c, diffOf(before?.translations[c], version.translations[c] ?? '')])),
    restore: { title: version.title, body: version.body, ...Object.fromEntries(VERSIONED.map((c) => [c, version.translations[c] ?? ''])) },
  };
});

const searchInput = z.object({ query: z.string().trim().max(64, 'validation.max_64').default('') });

/**
 * The developer-center search (the header's): documents by title and body, ranked (a title match
 * counts twice), with a highlighted snippet; and the store's apps and the capabilities whose name
 * holds the words.
 */
export const docsSearch = named({ input: searchInput.extend(pagingInput.shape), output: docSearch }, async (ctx, { query }) => {
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, 'document');
  const q = searchQuery(query);
  if (!q) return { query, list: [], count: 0, page, page_size, apps: [], capabilities: [] };
  const like = `%${escapeLike(query)}%`;
  const [docs, apps, capabilities] = await Promise.all([
    pageQuery(
      ctx.services.db,
      {
        select: `guid, ${withTranslations('title', 'summary', 'body')}, code, category, 2 * ts_rank(search_title, $1::tsquery) + ts_rank(search_body, $1::tsquery) as rank`,
        from: `from document where (search_title @@ $1::tsquery or search_body @@ $1::tsquery) and status = ${DOC_STATUS.published}`,
        order: 'order by rank desc, title, guid',
        params: [q],
      },
      { page, page_size },
    ),
    ctx.services.db.query(
      `select a.guid, a.name, a.icon, l.summary from app a join app_listing l on l.app_guid = a.guid
        where ${LISTED} and (a.name ilike $1 or l.summary ilike $1) order by l.sort, a.name limit 5`,
      [like],
    ),
    ctx.services.db.query<{ code: string; name: string; description: string | null }>('select code, name, description from api_group where status = 0 and (name ilike $1 or code ilike $1 or description ilike $1) order by code limit 5', [like]),
  ]);
  // Each result in the reader's language; its passage from the first language's text that holds the words.
  const list = (docs.list as Record<string, unknown>[]).map((row) => {
    const { body, ...d } = inReaderLanguage(row as Record<string, unknown> & { body: string }, ctx.lang);
    const texts = [body, row.body, ...VERSIONED.filter((c) => c.startsWith('body_')).map((c) => row[c])].filter((t): t is string => typeof t === 'string' && t !== '');
    const snippets = texts.map((t) => snippetOf(plainText(t), query));
    return { ...d, snippet: snippets.find((p) => p.includes('<mark>')) ?? snippets[0] ?? '' };
  });
  const scopes = capabilities.rows.map((g) => ({
    ...g,
    name: seededText(ctx.lang, g.name, `resources.api-group.seeded.${g.code}.name`),
    description: seededText(ctx.lang, g.description, `resources.api-group.seeded.${g.code}.description`),
  }));
  return { ...docs, query, list, apps: apps.rows, capabilities: scopes };
});
