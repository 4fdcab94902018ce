import { describe, expect, it } from 'vitest';
import { filtersOff, resolveColumns, shapedScreen } from '../../src/console/columnSettings.ts';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { listColumnsOf } from '../../resources/shown-columns.ts';
import { viewSearch } from '../../src/console/ViewBar.tsx';
import { definition } from '../../dataProvider/definitions.ts';

const role = definition('role');

/** How a list lays out its columns from a column set, a view and a person's hidden columns (docs/views.md). */
describe('resolveColumns', () => {
  const fields = (cols: { field: string }[]) => cols.map((c) => c.field);

  it('without a set, the definition’s columns as they are', () => {
    expect(fields(resolveColumns(role, undefined))).toEqual(role.admin.columns.map((c) => c.field));
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

  it('a screen with joined columns of its own (the operators’ BU list) shows a set’s columns in its order, the joined ones included', () => {
    const screen = shapedScreen(resourceCalls('bu').def);
    // The designer offers every column of the list, the joined ones too: nothing is flagged as gone.
    const offered = fields(listColumnsOf(definition('bu')));
    expect(offered).toEqual(expect.arrayContaining(['abbreviation', 'alias', 'owner_username', 'company_name', 'auth_state']));
    // Without a set, the screen's own columns.
    expect(fields(resolveColumns(screen, undefined))).toEqual(['cover_url', 'name', 'code', 'owner_username', 'company_name', 'auth_state', 'status', 'created_at']);
    // A set showing only the abbreviation (every other column listed, hidden) shows just that.
    const only = { columns: offered.map((field) => ({ field, visible: field === 'abbreviation' })) };
    expect(fields(resolveColumns(screen, only))).toEqual(['abbreviation']);
    const reordered = { columns: [{ field: 'auth_state' }, { field: 'abbreviation' }, { field: 'owner_username' }, ...offered.filter((f) => !['auth_state', 'abbreviation', 'owner_username'].includes(f)).map((field) => ({ field, visible: false }))] };
    expect(fields(resolveColumns(screen, reordered))).toEqual(['auth_state', 'abbreviation', 'owner_username']);
    // A screen without them (the definition's own) skips the joined columns it cannot show.
    expect(fields(resolveColumns(shapedScreen(definition('bu')), reordered))).toEqual(['abbreviation']);
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
