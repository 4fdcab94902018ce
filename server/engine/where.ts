import type { CallSpec, Filter, Mount, ResourceDef, Scope } from '../../resources/types.ts';
import type { Caller } from '../auth/caller.ts';
import { ident } from '../db/driver.ts';
import { fieldsOf, scopesOf, type SqlType } from './fields.ts';
import { joinedOf } from './joins.ts';

/** A growing WHERE clause with its parameters. */
export class Where {
  readonly parts: string[] = [];
  /** The same conditions for a count, which reads every row they hold: a keyword's differ (`addKeyword`). */
  private readonly counted: string[] = [];
  readonly params: unknown[] = [];
  /** The placeholder of the caller's BU once a member predicate bound it, for columns leaving that BU out (server/engine/joins.ts). */
  member?: string;

  add(sqlWithPlaceholder: (p: (value: unknown) => string) => string) {
    const sql = sqlWithPlaceholder((value) => this.param(value));
    this.parts.push(sql);
    this.counted.push(sql);
    return this;
  }

  /** `text` in any of `columns` (SQL expressions of text), case-insensitively (`keywordMatch`). */
  addKeyword(columns: string[], text: string) {
    const match = keywordMatch(columns, text, (value) => this.param(value));
    this.parts.push(match.inOrder);
    this.counted.push(match.counted);
    return this;
  }

  /** The clause as a page reads the rows, with `extra` conditions (a slice of the table). */
  toSql(...extra: string[]) {
    const all = [...this.parts, ...extra];
    return all.length ? ` where ${all.join(' and ')}` : '';
  }

  /** The clause as a count reads the rows (`pageQuery`'s `countFrom`), with `extra` conditions (a count's slice). */
  toCountSql(...extra: string[]) {
    const all = [...this.counted, ...extra];
    return all.length ? ` where ${all.join(' and ')}` : '';
  }

  private param(value: unknown) {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

/** What a scope's predicate sees: the owner columns the definition keeps (its mounts' scopes) and the caller. */
interface Reach {
  owners: ReadonlySet<Scope>;
  caller: Caller | null;
}
type Condition = (p: (value: unknown) => string) => string;

/** None of a BU's or a user's rows: what the platform owns. */
const platformRows = ({ owners }: Reach): Condition[] => [
  ...(owners.has('bu') ? [() => `${ident('bu_guid')} is null`] : []),
  ...(owners.has('user') ? [() => `${ident('user_guid')} is null`] : []),
];

/**
 * Row access as data: the conditions on a definition's rows that each scope reaches. A new scope
 * is a new entry here (`satisfies` makes a missing one fail `tsc`), never a branch in a verb.
 */
export const SCOPE_ROWS = {
  platform: platformRows,
  catalog: platformRows,
  /** The caller's current BU's rows. */
  bu: ({ caller }) => [(p) => `${ident('bu_guid')} = ${p(caller?.buGuid)}`],
  /** The caller's own rows. */
  user: ({ caller }) => [(p) => `${ident('user_guid')} = ${p(caller?.userGuid)}`],
  /** Every BU's rows, never the platform's own. */
  oversight: ({ owners }) => (owners.has('bu') ? [() => `${ident('bu_guid')} is not null`] : []),
} satisfies Record<Scope, (reach: Reach) => Condition[]>;

/**
 * The rows a caller may reach through a mount: the engine's one place for scope. With the call's
 * `input`, a `within` mount narrows them to the record the body names (an operator's BU); without
 * (a file's readers), its scope's rows.
 */
export const scopeWhere = (def: ResourceDef, mount: Mount, caller: Caller | null, where = new Where(), input?: Record<string, unknown>) => {
  const member = mount.member;
  // A member mount's rows name the caller's BU among theirs (a union's); no BU, no rows.
  if (member) where.add((p) => `${ident(member)} ? ${(where.member = p(caller?.buGuid ?? null))}::text`);
  else for (const condition of SCOPE_ROWS[mount.scope]({ owners: scopesOf(def), caller })) where.add(condition);
  const within = mount.within;
  // A value that names no row matches nothing; the verbs refuse it first (server/engine/relations.ts `withinOf`).
  if (within && input) where.add((p) => `${ident(within)} = ${p(coerce('uuid', input[within]) ?? null)}::uuid`);
  for (const [field, value] of Object.entries(mount.fixed ?? {})) where.add((p) => `${ident(field)} = ${p(value)}`);
  return where;
};

/**
 * Declared filters, the conditions the call requires, the mount's joined filters, the call's fixed
 * filters and the keyword search (the definition's `keyword` fields and the joined ones). Unknown
 * filter keys are ignored.
 */
export const filterWhere = (def: ResourceDef, call: CallSpec, input: Record<string, unknown>, where: Where, mount?: Mount) => {
  const fields = new Map(fieldsOf(def).map((f) => [f.name, f]));
  // What a call requires (`requires`) also filters, declared filter or not: one record's history
  // (`org_guid`) lists that record's rows only, never every row the scope reaches.
  const required = (call.requires ?? []).filter((field) => !def.api.filters?.some((f) => f.field === field)).map((field): Filter => ({ field }));
  for (const f of [...(def.api.filters ?? []), ...required]) {
    const value = input[f.field];
    if (value === undefined || value === null || value === '') continue;
    if (f.op === 'age') {
      const days = Number(value);
      if (Number.isInteger(days) && days >= 0 && days <= 36_500) where.add((p) => `${ident('created_at')} <= now() - make_interval(days => ${p(days)}::int)`);
      else where.add(() => 'false');
      continue;
    }
    if (f.op === 'has') {
      const values = Array.isArray(value) ? value : [value];
      // Array fields are stored as JSON: a value that is no text is held by no row.
      if (!f.of || !fields.has(f.of) || values.some((v) => typeof v !== 'string')) where.add(() => 'false');
      else where.add((p) => `${ident(f.of!)} ?| ${p(values)}::text[]`);
      continue;
    }
    // `bu_guid` is managed, not a schema field; oversight mounts filter by it.
    const info = fields.get(f.field) ?? (f.field === 'bu_guid' && scopesOf(def).has('bu') ? { sqlType: 'uuid' as const } : undefined);
    if (!info) continue;
    if (f.op === 'like') {
      where.add((p) => `${ident(f.field)}::text ilike ${p(`%${escapeLike(String(value))}%`)}`);
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]).map((v) => coerce(info.sqlType, v));
    // A value the column cannot hold matches nothing, rather than failing the call.
    if (values.some((v) => v === undefined)) where.add(() => 'false');
    else where.add((p) => `${ident(f.field)} = any(${p(values)}::${info.sqlType}[])`);
  }
  const joined = joinedOf(def, mount);
  for (const j of joined.filter((c) => c.join.filter)) {
    const value = input[j.name];
    if (value === undefined || value === null || value === '') continue;
    const values = (Array.isArray(value) ? value : [value]).map((v) => coerce(j.sqlType, v));
    if (values.some((v) => v === undefined)) where.add(() => 'false');
    else where.add((p) => `${j.sql()} = any(${p(values)}::${j.sqlType}[])`);
  }
  for (const [field, values] of Object.entries(call.where ?? {})) {
    const info = fields.get(field);
    if (info) where.add((p) => `${ident(field)} = any(${p(values.map((v) => coerce(info.sqlType, v)))}::${info.sqlType}[])`);
  }
  const keyword = typeof input.keyword === 'string' ? input.keyword.trim() : '';
  const searched = [...(def.api.keyword ?? []).map(ident), ...joined.filter((c) => c.join.keyword).map((c) => `${c.sql()}::text`)];
  if (keyword && searched.length) {
    where.addKeyword(searched, keyword);
  }
  return where;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A filter value as the column's type, or undefined when it cannot be one. */
export const coerce = (sqlType: SqlType, v: unknown): unknown => {
  switch (sqlType) {
    case 'smallint':
    case 'integer': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return Number.isInteger(n) && Math.abs(n as number) < 2 ** 31 ? n : undefined;
    }
    case 'double precision': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;
    case 'uuid':
      return typeof v === 'string' && UUID.test(v) ? v : undefined;
    case 'text':
      return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
    case 'bigint':
      return (typeof v === 'string' || typeof v === 'number') && /^-?\d{1,18}$/.test(String(v).trim()) ? String(v).trim() : undefined;
    case 'numeric':
      return (typeof v === 'string' || typeof v === 'number') && /^-?\d{1,38}(\.\d{1,10})?$/.test(String(v).trim()) ? String(v).trim() : undefined;
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;
    default:
      return undefined;
  }
};

/** A text for `ilike` that matches itself: `%`, `_` and `\` lose their meaning. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What joins the searched columns in a count: a character no one types into a search box. */
const BETWEEN = '\u0001';

/**
 * A keyword in any of `columns` (SQL expressions of text), as `column ilike '%text%'` on each, in
 * two forms. `inOrder`, for a page, is one `ilike` a column: the planner estimates its matches from
 * each column's statistics and stops at the first page of them. `counted`, for a count, which reads
 * every row anyway, is one comparison: PostgreSQL's `ilike` lowers both sides and compares (UTF-8),
 * so lowering the columns joined once is the same test for a text that cannot span two of them; on
 * 100,000 members a keyword's count took about half the time (docs/operations.md, "Fair share"). The
 * planner has no statistics for the joined form and guesses few matches, so in a page it would sort
 * every row (100 ms against 3). A text holding the joining character is counted one column at a time.
 */
export const keywordMatch = (columns: string[], text: string, p: (value: unknown) => string) => {
  const k = p(`%${escapeLike(text)}%`);
  const inOrder = `(${columns.map((c) => `${c} ilike ${k}`).join(' or ')})`;
  return { inOrder, counted: text.includes(BETWEEN) ? inOrder : `lower(concat_ws(E'\\x01', ${columns.join(', ')})) like lower(${k})` };
};
