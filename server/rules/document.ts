import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';
import { plainText } from '../docs/markdown.ts';
import { searchTokens } from '../docs/search.ts';
import { VERSIONED } from '../docs/languages.ts';

type Doc = Record<string, unknown> & { guid: string; title: string; body: string; version: number };

/** What a save changed: its content, only its title (a rename) or only its place (a move). */
const actionOf = (row: Doc, existing?: Record<string, unknown>) => {
  if (!existing) return 'create';
  const changed = (field: string) => [field, ...VERSIONED.filter((c) => c.startsWith(`${field}_`))].some((c) => (row[c] ?? '') !== (existing[c] ?? ''));
  const content = changed('body');
  const title = changed('title');
  const place = ['category', 'parent_guid', 'sort'].some((f) => row[f] !== existing[f]);
  return content ? 'update' : title && !place ? 'rename' : place && !title ? 'move' : 'update';
};

/** A text in every language the document is written in. */
const allLanguages = (doc: Record<string, unknown>, field: 'title' | 'body') =>
  [doc[field], ...VERSIONED.filter((c) => c.startsWith(`${field}_`)).map((c) => doc[c])].filter((v): v is string => typeof v === 'string').join('\n\n');

/** The lexemes a search matches (server/docs/search.ts), of every language's text, kept beside the row. */
export const indexDocument = (tx: Queryable, doc: Record<string, unknown> & { guid: string }) =>
  tx.query('update document set search_title = array_to_tsvector($2::text[]), search_body = array_to_tsvector($3::text[]) where guid = $1', [
    doc.guid,
    [...new Set(searchTokens(allLanguages(doc, 'title')))],
    [...new Set(searchTokens(plainText(allLanguages(doc, 'body'))))],
  ]);

/** A version of the document as it is now, in every language: who saved it and what the save did. */
export const recordVersion = (tx: Queryable, row: Record<string, unknown>, action: string, by: string | null) =>
  tx.query(
    `insert into document_version (guid, document_guid, version, action, title, body, translations, category, parent_guid, created_by)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [row.guid, row.version, action, row.title, row.body, JSON.stringify(Object.fromEntries(VERSIONED.map((c) => [c, row[c] ?? '']))), row.category, row.parent_guid, by],
  );

/** Every save keeps a version (who, when, what) and renews the search lexemes; a document holding others is not deleted. */
export const documentRules: Rules = {
  async afterWrite(ctx, tx, raw, existing) {
    const row = raw as Doc;
    row.version = existing ? (existing.version as number) + 1 : 1;
    await tx.query('update document set version = $2 where guid = $1', [row.guid, row.version]);
    await recordVersion(tx, row, actionOf(row, existing), ctx.caller?.userGuid ?? null);
    await indexDocument(tx, row);
  },
  async beforeDelete(ctx, tx, rows) {
    const guids = rows.map((r) => r.guid);
    const { rows: children } = await tx.query('select 1 from document where parent_guid = any($1::uuid[]) and not guid = any($1::uuid[]) limit 1', [guids]);
    if (children.length) throw new Warning('server.in_use');
  },
  async afterDelete(ctx, tx, rows) {
    await tx.query('delete from document_version where document_guid = any($1::uuid[])', [rows.map((r) => r.guid)]);
  },
};
