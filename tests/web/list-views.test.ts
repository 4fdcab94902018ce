import { describe, expect, it } from 'vitest';
import { filtersOff, resolveColumns } from '../../src/console/columnSettings.ts';
import { viewSearch } from '../../src/console/ViewBar.tsx';
import { definition } from '../../dataProvider/definitions.ts';

const role = definition('role');

/** How a list lays out its columns from a column set, a view and a person's hidden columns (docs/views.md). */
describe('resolveColumns', () => {
  const fields = (cols: { field: string }[]) => cols.map((c) => c.field);

  it('without a set, the definition’s columns as they are', () => {
    expect(fields(resolveColumns(role, undefined))).toEqual(role.columns.map((c) => c.field));
  });

  it('orders, hides, titles in the reader’s language, pins and turns sorting off', () => {
    const set = { columns: [
      { field: 'code', title: { zh: '编号', en: 'No.' } },
      { field: 'status', visible: false },
      { field: 'created_at', pin: 'left' as const, sortable: false },
      { field: 'name', pin: 'right' as const },
    ] };
    const en = resolveColumns(role, set, [], 'en');
    // Left pins first, right pins last; columns the set does not name follow the named ones.
    expect(fields(en)).toEqual(['created_at', 'code', 'type', 'category', 'description', 'name']);
    expect(en.find((c) => c.field === 'code')!.label).toBe('No.');
    expect(resolveColumns(role, set, [], 'hk').find((c) => c.field === 'code')!.label).toBeUndefined();
    expect(en.find((c) => c.field === 'created_at')!.sortable).toBe(false);
    expect(en.find((c) => c.field === 'name')!.sortable).toBe(true);
    // A set cannot make sortable what the definition does not sort.
    expect(resolveColumns(role, { columns: [{ field: 'code', sortable: true }] }).find((c) => c.field === 'code')!.sortable).toBe(false);
  });

  it('skips fields the definition no longer has, in sets and in views', () => {
    const set = { columns: [{ field: 'gone' }, { field: 'name' }] };
    expect(fields(resolveColumns(role, set))).not.toContain('gone');
    expect(fields(resolveColumns(role, set, [], 'zh', ['gone', 'code', 'name']))).toEqual(['code', 'name']);
  });

  it('a view names the columns in order; the person’s hidden ones still go', () => {
    expect(fields(resolveColumns(role, undefined, ['name'], 'zh', ['status', 'name', 'code']))).toEqual(['status', 'code']);
  });

  it('filters a set turned off', () => {
    expect([...filtersOff({ columns: [{ field: 'type', filterable: false }, { field: 'name' }] })]).toEqual(['type']);
  });
});

describe('viewSearch', () => {
  it('carries the view, its filters (shown), sort and page size in the address', () => {
    const q = new URLSearchParams(viewSearch(role, { guid: 'g1', filters: { status: 0 }, sort: { field: 'name', order: 'ASC' }, per_page: 50 }));
    expect(Object.fromEntries(q)).toEqual({ view: 'g1', filter: '{"status":0}', displayedFilters: '{"status":true}', sort: 'name', order: 'ASC', perPage: '50', page: '1' });
  });

  it('the default view is the definition’s sort with no filters', () => {
    expect(Object.fromEntries(new URLSearchParams(viewSearch(role)))).toMatchObject({ filter: '{}', sort: 'created_at', order: 'DESC', perPage: '20' });
  });
});
