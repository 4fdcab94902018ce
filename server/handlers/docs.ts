import { z } from 'zod';
import { DOC_CATEGORIES, DOC_STATUS } from '../../schemas/document.ts';
import { permCode } from '../../schemas/common.ts';
import { USER_TYPE } from '../auth/caller.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingOf } from '../engine/paging.ts';
import { escapeLike } from '../engine/where.ts';
import { nest } from '../engine/relations.ts';
import { findOne } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { lineDiff } from '../docs/diff.ts';
import { plainText, renderMarkdown } from '../docs/markdown.ts';
import { searchQuery, snippetOf } from '../docs/search.ts';
import { openApiCalls, summaryOf } from '../open-api/calls.ts';

/** Developer documents as visitors read them, and their versions for operators (docs/docs.md). */

const SUMMARY = 'guid, title, code, category, parent_guid, sort, status, summary, version, updated_at';

/** Visitors read published documents; an operator's token reads drafts too (to preview them). */
const visible = (ctx: CallContext) => (ctx.caller?.userType === USER_TYPE.operator ? 'true' : `status = ${DOC_STATUS.published}`);

const byInput = z.union([z.object({ guid: z.uuid('validation.guid_format') }), z.object({ code: z.string().trim().min(1).max(64) })], { error: 'validation.required' });

/** One document with its sanitised HTML, its table of contents and its place (category, parents). */
const readDocument = async (ctx: CallContext) => {
  const by = parseOrWarn(ctx.lang, byInput, ctx.input, 'document');
  const [column, value] = 'guid' in by ? ['guid', by.guid] : ['code', by.code];
  const { rows } = await ctx.services.db.query<Record<string, unknown> & { body: string; parent_guid: string | null }>(
    `select ${SUMMARY}, body from document where ${column} = $1 and ${visible(ctx)}`,
    [value],
  );
  const doc = rows[0];
  if (!doc) throw new Warning('server.record_not_found');
  const { rows: parents } = await ctx.services.db.query(
    `with recursive up as (select guid, title, code, parent_guid, 1 as depth from document where guid = $1
       union all select d.guid, d.title, d.code, d.parent_guid, up.depth + 1 from document d join up on d.guid = up.parent_guid where up.depth < 20)
     select guid, title, code from up order by depth desc`,
    [doc.parent_guid],
  );
  return { ...doc, ...renderMarkdown(doc.body), parents };
};

export const docsInfo = readDocument;
export const docsFind = readDocument;

/** Every visible document, as a tree per category in the categories' order. */
export const docsTree = async (ctx: CallContext) => {
  const { rows } = await ctx.services.db.query<{ category: string }>(`select ${SUMMARY} from document where ${visible(ctx)} order by sort, title`);
  return DOC_CATEGORIES.map((category) => ({ category, children: nest(rows.filter((r) => r.category === category), 'parent_guid') })).filter((c) => c.children.length);
};

const categoryInput = z.object({ category: z.enum(DOC_CATEGORIES, { error: 'validation.invalid_option' }) });

/** One category's visible documents, flat, in order. */
export const docsCategory = async (ctx: CallContext) => {
  const { category } = parseOrWarn(ctx.lang, categoryInput, ctx.input, 'document');
  return (await ctx.services.db.query(`select ${SUMMARY} from document where category = $1 and ${visible(ctx)} order by sort, title`, [category])).rows;
};

const scopeInput = z.object({ code: permCode() });

/** A scope's reference: its open-API calls (the OpenAPI document at /open/api/openapi.json is built from the same table) and its events' payload schemas. */
export const docsApiDocument = async (ctx: CallContext) => {
  const { code } = parseOrWarn(ctx.lang, scopeInput, ctx.input, 'api-group');
  const events = await ctx.services.db.query('select code, name, payload_schema from event_info where group_code = $1 and status = 0 order by code', [code]);
  return {
    code,
    openapi: '/open/api/openapi.json',
    apis: openApiCalls.filter((c) => c.scope === code).map((c) => ({ method: 'POST', path: c.path, api_code: c.apiCode, summary: summaryOf(ctx.lang, c.path) })),
    events: events.rows,
  };
};

/** A document's versions, newest first: who saved what, when. */
export const docsVersions = async (ctx: CallContext) => {
  const { guid } = parseOrWarn(ctx.lang, z.object({ guid: z.uuid('validation.guid_format') }), ctx.input, 'document');
  await findOne(ctx, guid);
  const { rows } = await ctx.services.db.query(
    `select v.guid, v.version, v.action, v.title, v.created_at, v.created_by, u.username as author
       from document_version v left join users u on u.guid = v.created_by where v.document_guid = $1 order by v.version desc`,
    [guid],
  );
  return rows;
};

/** One version in full, with the line diff of its body (and title) against the version before it. */
export const docsVersion = async (ctx: CallContext) => {
  const { guid } = parseOrWarn(ctx.lang, z.object({ guid: z.uuid('validation.guid_format') }), ctx.input, 'document');
  const { rows } = await ctx.services.db.query<{ document_guid: string; version: number; title: string; body: string }>(
    `select v.*, u.username as author from document_version v left join users u on u.guid = v.created_by where v.guid = $1`,
    [guid],
  );
  const version = rows[0];
  if (!version) throw new Warning('server.record_not_found');
  await findOne(ctx, version.document_guid);
  const before = (
    await ctx.services.db.query<{ title: string; body: string }>('select title, body from document_version where document_guid = $1 and version < $2 order by version desc limit 1', [version.document_guid, version.version])
  ).rows[0];
  // The first version is all added.
  const diff = before ? lineDiff(before.body, version.body) : version.body.split('\n').map((text) => ({ op: '+' as const, text }));
  return { ...version, title_before: before?.title ?? null, diff };
};

const searchInput = z.object({ query: z.string().trim().max(64, 'validation.max_64').default('') });

/**
 * The developer-center search (the header's): documents by title and body, ranked (a title match
 * counts twice), with a highlighted snippet; and the store's apps and the capabilities whose name
 * holds the words.
 */
export const docsSearch = async (ctx: CallContext) => {
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, 'document');
  const { query } = parseOrWarn(ctx.lang, searchInput, ctx.input, 'document');
  const q = searchQuery(query);
  if (!q) return { query, list: [], count: 0, page, page_size, apps: [], capabilities: [] };
  const like = `%${escapeLike(query)}%`;
  const [docs, apps, capabilities] = await Promise.all([
    pageQuery(
      ctx.services.db,
      {
        select: 'guid, title, code, category, summary, body, 2 * ts_rank(search_title, $1::tsquery) + ts_rank(search_body, $1::tsquery) as rank',
        from: `from document where (search_title @@ $1::tsquery or search_body @@ $1::tsquery) and status = ${DOC_STATUS.published}`,
        order: 'order by rank desc, title, guid',
        params: [q],
      },
      { page, page_size },
    ),
    ctx.services.db.query(
      `select a.guid, a.name, a.icon, l.summary from app a join app_listing l on l.app_guid = a.guid
        where a.bu_guid is null and a.type = 0 and a.status = 0 and l.status = 0 and (a.name ilike $1 or l.summary ilike $1) order by l.sort, a.name limit 5`,
      [like],
    ),
    ctx.services.db.query('select code, name, description from api_group where status = 0 and (name ilike $1 or code ilike $1 or description ilike $1) order by code limit 5', [like]),
  ]);
  const list = (docs.list as { body: string }[]).map(({ body, ...d }) => ({ ...d, snippet: snippetOf(plainText(body), query) }));
  return { ...docs, query, list, apps: apps.rows, capabilities: capabilities.rows };
};
