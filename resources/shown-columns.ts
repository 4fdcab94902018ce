import type { Column } from './types.ts';

/** What of a column set decides which columns show (schemas/column-config.ts). */
interface Shown {
  field: string;
  visible?: boolean;
}

/**
 * The fields a list shows under a column set, in order (docs/views.md): the set's visible ones it
 * still has, then the columns the list gained since the set was saved, unless they are `off`.
 * Without a set, the definition's columns that are not `off`. The server and the console both read
 * it: a set showing none is refused, and it bounds the views of the set's audience.
 */
export const shownFields = (columns: readonly Pick<Column, 'field' | 'off'>[], set?: readonly Shown[] | null): string[] => {
  const known = new Set(columns.map((c) => c.field));
  const listed = new Set((set ?? []).map((s) => s.field));
  return [
    ...(set ?? []).filter((s) => known.has(s.field) && s.visible !== false).map((s) => s.field),
    ...columns.filter((c) => !listed.has(c.field) && !c.off).map((c) => c.field),
  ];
};

/**
 * A view's columns as a column set lets them show: a set bounds what its audience's views may
 * show; without a set (`null`) the view chooses among all the list's columns.
 */
export const boundedView = (view: readonly string[], allowed: readonly string[] | null): string[] =>
  allowed ? view.filter((f) => allowed.includes(f)) : [...view];

interface Listed {
  admin: { columns: readonly Column[]; screens?: readonly { columns?: readonly Column[] }[] };
}

/**
 * Every column a list's sets, views and preferences may name: the definition's, then those a
 * screen of it lists besides them (a screen's `columns`: joined fields its page answers,
 * a BU's owner, company and certification on the operators' BU list).
 */
export const listColumnsOf = (def: Listed): Column[] => {
  const columns = [...def.admin.columns];
  for (const c of (def.admin.screens ?? []).flatMap((s) => s.columns ?? [])) if (!columns.some((k) => k.field === c.field)) columns.push(c);
  return columns;
};

/**
 * The columns one screen may show: its own (a screen's `columns`, else the definition's), then
 * the definition's others, `off` — its page answers them too, so a set may show them there; the
 * joined columns of another screen it cannot show.
 */
export const screenColumns = (own: readonly Column[], definition: readonly Column[]): Column[] => [
  ...own,
  ...definition.filter((c) => !own.some((o) => o.field === c.field)).map((c) => ({ ...c, off: true })),
];
