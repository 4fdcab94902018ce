import { randomUUID } from 'node:crypto';
import { translate } from '../../i18n/index.ts';
import en from '../../i18n/documents/en.ts';
import hk from '../../i18n/documents/hk.ts';
import zh from '../../i18n/documents/zh.ts';
import { ABOUT_CODE, AGREEMENT_CODES } from '../../schemas/agreements.ts';
import { DOC_STATUS } from '../../schemas/document.ts';
import { inAllLanguages } from '../../schemas/translated.ts';
import { ident, type Db } from '../db/driver.ts';
import { indexDocument, recordVersion } from '../rules/document.ts';
import { SCOPES } from '../../resources/scopes.ts';

/**
 * The platform's own documents, in zh, hk and en (i18n/documents/): how this platform works
 * (docs/apps.md, docs/events.md), a page per scope, the agreements the spec names and the about
 * page. They are data: each is written once, published, and operators edit, unpublish or delete
 * it; a later start never writes it again.
 */
const TEXTS = { zh, hk, en } as const;
type Texts = { title: string; summary: string; body: string };

const page = (code: keyof typeof zh & keyof typeof en & keyof typeof hk, category: string) =>
  ({ code, category, ...inAllLanguages((l) => TEXTS[l][code] as Texts) });

/** A scope's page: its seeded name and description in each language, and its API and event tables. */
const scopeDoc = (code: string) => ({
  code,
  category: 'open_ability',
  ...inAllLanguages((l) => {
    const description = translate(l, `resources.api-group.seeded.${code}.description`);
    return { title: translate(l, `resources.api-group.seeded.${code}.name`), summary: description, body: TEXTS[l].scope.body.replaceAll('%{code}', code).replaceAll('%{description}', description) };
  }),
});

const SEEDED_DOCUMENTS: (Record<string, string> & { code: string })[] = [
  page('getting-started', 'developer_guide'),
  page('events', 'server'),
  ...SCOPES.map(scopeDoc),
  ...Object.values(AGREEMENT_CODES).map((code) => page(code, 'website_agreement')),
  page(ABOUT_CODE, 'help'),
];

/** What a database seeded before the agreements holds (its marker says `done`): the scopes of that day, never later ones. */
const FIRST_EDITION = [
  'getting-started', 'events',
  'contact:department:readonly', 'contact:member:readonly', 'contact:member:write', 'contact:position:readonly', 'org:company:readonly', 'org:project:readonly',
];

/**
 * Writes each platform document this database has never had (published, version 1): all of them on
 * a new database, the ones added since on an older one. A code an operator already uses is left to them.
 */
export const seedDocuments = async (db: Db) => {
  const { rows } = await db.query<{ value: string }>("select value from server_secret where name = 'seed:documents'");
  const written: string[] = !rows[0] ? [] : rows[0].value === 'done' ? FIRST_EDITION : JSON.parse(rows[0].value);
  const missing = SEEDED_DOCUMENTS.filter((d) => !written.includes(d.code));
  if (!missing.length) return;
  await db.transaction(async (tx) => {
    for (const d of missing) {
      const doc = { guid: randomUUID(), ...d, parent_guid: null, sort: SEEDED_DOCUMENTS.indexOf(d), status: DOC_STATUS.published, version: 1 };
      const cols = Object.keys(doc);
      const added = await tx.query(
        `insert into document (${cols.map(ident).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) on conflict do nothing returning guid`,
        Object.values(doc),
      );
      if (!added.rows.length) continue;
      await recordVersion(tx, doc, 'create', null);
      await indexDocument(tx, doc);
    }
    const all = JSON.stringify([...new Set([...written, ...missing.map((d) => d.code)])]);
    await tx.query("insert into server_secret (name, value) values ('seed:documents', $1) on conflict (name) do update set value = excluded.value", [all]);
  });
};
