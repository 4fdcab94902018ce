import { z } from 'zod';
import { resourceByName } from '../../resources/index.ts';
import type { RowView } from '../../resources/types.ts';
import { datetime } from '../../schemas/common.ts';
import { ident } from '../db/driver.ts';
import { docSchema, nullable, shapeOf, type JsonSchema } from '../http/json-schema.ts';

/** Rows of another definition as a call answers them (`RowView`): the SQL and the document of one. */

/** The alias of the view's own rows in its SQL. */
export const T = 't';

/** A view's target, named as data (a definition's `RowView`): unlike `defOf`, checked, since tsc cannot. */
export const viewTarget = (name: string) => {
  const def = resourceByName.get(name);
  if (!def) throw new Error(`a row view names unknown resource ${name}`);
  return def;
};

/**
 * The view's select list, FROM part (its rows, or `source`: a subquery of them, as `t`) with the
 * names joined, and ORDER BY part; `column` resolves a column or name for conditions.
 */
export const viewOf = (view: RowView, source = ident(viewTarget(view.target).storage.table)) => {
  const names = Object.entries(view.names ?? {});
  const title = (of: string) => ident(viewTarget(of).admin.titleField ?? 'name');
  const column = (c: string) => {
    const i = names.findIndex(([n]) => n === c);
    return i < 0 ? `${T}.${ident(c)}` : `n${i}.${title(names[i][1].of)}`;
  };
  const order = view.order.map((o) => {
    const [, desc, name, nulls] = /^(-?)(\w+)( nulls first)?$/.exec(o) ?? [];
    if (!name) throw new Error(`a row view of ${view.target}: bad order ${o}`);
    return `${column(name)}${desc ? ' desc' : ''}${nulls ?? ''}`;
  });
  return {
    column,
    select: [`${T}.guid`, ...view.columns.map((c) => `${T}.${ident(c)}`), ...names.map(([n, j], i) => `n${i}.${title(j.of)} as ${ident(n)}`)].join(', '),
    from: `from ${source} ${T}${names.map(([, j], i) => ` left join ${ident(viewTarget(j.of).storage.table)} n${i} on n${i}.guid = ${T}.${ident(j.field)}`).join('')}`,
    order: `order by ${[...order, `${T}.guid`].join(', ')}`,
  };
};

const uuidDoc = { type: 'string', format: 'uuid' };
/** The server's own columns, which no schema holds. */
const MANAGED: Record<string, JsonSchema> = { bu_guid: uuidDoc, created_by: uuidDoc, created_at: shapeOf(docSchema(datetime(), 'output')), updated_at: shapeOf(docSchema(datetime(), 'output')) };

/** A row of the view as documented: the target's columns (any may be null) and the joined names. */
export const viewRowDoc = (view: RowView): JsonSchema => {
  const target = viewTarget(view.target);
  const stored = (docSchema(z.object({ ...target.schema.shape, ...(target.internal?.shape ?? {}) }), 'output').properties ?? {}) as Record<string, JsonSchema>;
  return {
    type: 'object',
    required: ['guid'],
    properties: {
      guid: uuidDoc,
      ...Object.fromEntries(view.columns.map((c) => [c, nullable(MANAGED[c] ?? shapeOf(stored[c] ?? {}))])),
      ...Object.fromEntries(Object.keys(view.names ?? {}).map((n) => [n, nullable({ type: 'string' })])),
    },
  };
};

/** A page of view rows as documented (server/engine/paging.ts `pageQuery`). */
export const viewPageDoc = (rows: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['list', 'count', 'count_capped', 'page', 'page_size'],
  properties: { list: { type: 'array', items: rows }, count: { type: 'integer' }, count_capped: { type: 'boolean' }, page: { type: 'integer' }, page_size: { type: 'integer' } },
});
