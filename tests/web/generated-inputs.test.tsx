import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { definition } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { resources } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { addRoute, callsOf, resourceCalls } from '../../dataProvider/calls.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import { SchemaForm } from '../../src/console/SchemaForm.tsx';
import { TreeList } from '../../src/console/TreeList.tsx';
import { formSchema } from '../../src/console/validate.ts';
import { consoleRouteOf, loadLang, renderInConsole, signedInWithoutSettings, resetConsole, type Rows } from './console-harness.tsx';

/**
 * The generated forms and filters, rendered: coded fields (enums, `codes(...)`) are selects of
 * their translated values, reference fields are pickers over the referenced rows by title, and a
 * reference into a tree shows each row's path. The registry-wide cases cover every definition, so
 * an entity is covered the day it is added.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

// Screens render the console's definitions (JSON Schema); the expected values are read from the zod schemas (`resources`).
const member = definition('member');
const permission = definition('permission');
const role = definition('role');

type Messages = { resources: Record<string, { fields?: Record<string, string>; values?: Record<string, Record<string, string>> }> };
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const named = (label: string) => new RegExp(`^${escape(label)}`);

/** The values of a coded zod field (an enum, a literal, a union of them, a list of them), read from zod itself. */
const codedValues = (s: z.ZodType): { values: unknown[]; array: boolean } | undefined => {
  const d = (s as unknown as { _zod: { def: Record<string, never> & { type: string } } })._zod.def;
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return codedValues(d.innerType);
    case 'enum':
      return { values: Object.values(d.entries as Record<string, unknown>), array: false };
    case 'literal':
      return { values: d.values as unknown[], array: false };
    case 'union': {
      const parts = (d.options as z.ZodType[]).map(codedValues);
      return parts.every((p) => p && !p.array) ? { values: parts.flatMap((p) => p!.values), array: false } : undefined;
    }
    case 'array': {
      const item = codedValues(d.element as z.ZodType);
      return item && !item.array ? { values: item.values, array: true } : undefined;
    }
    default:
      return undefined;
  }
};

/** Fields of a definition that are coded, in its editable schema or its server-kept one. */
const codedField = (def: ResourceDef, field: string) => {
  const s = (def.schema.shape as Record<string, z.ZodType>)[field] ?? (def.internal?.shape as Record<string, z.ZodType> | undefined)?.[field];
  return s ? codedValues(s) : undefined;
};

/** Where a field points: the definition's `references`, a reference column, its own tree. */
const referenceTarget = (def: Pick<ResourceDef, 'name' | 'relations'> & { admin: Pick<ResourceDef['admin'], 'columns'> }, field: string) =>
  def.relations?.references?.[field] ?? def.admin.columns.find((c) => c.field === field && c.reference)?.reference ?? (def.relations?.tree?.parent === field ? def.name : undefined);

/** The select labelled `label`: a MUI select (never a number box or a text box), opened; its options' texts. */
/** Filter inputs load lazily; on a busy machine the first can take more than testing-library's 1 s. */
const SLOW = { timeout: 5_000 };

const openSelect = async (label: string) => {
  const box = await screen.findByRole('combobox', { name: named(label) }, SLOW);
  expect(box.tagName, `${label} is a select`).toBe('DIV');
  fireEvent.mouseDown(box);
  const list = await screen.findByRole('listbox', {}, SLOW);
  const texts = within(list).getAllByRole('option').map((o) => o.textContent!.trim()).filter(Boolean);
  fireEvent.keyDown(list, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), SLOW);
  return texts;
};

/** The picker labelled `label`: an autocomplete (an input with a list), opened; its options' texts. */
const openPicker = async (label: string) => {
  const input = await screen.findByRole('combobox', { name: named(label) });
  expect(input.tagName, `${label} is a picker`).toBe('INPUT');
  expect(input.getAttribute('aria-autocomplete')).toBe('list');
  fireEvent.mouseDown(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const list = await screen.findByRole('listbox');
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  const texts = within(list).getAllByRole('option').map((o) => o.textContent!.trim());
  fireEvent.keyDown(input, { key: 'Escape' });
  return texts;
};

/**
 * A definition's list screen, as its console routes it; a definition no console lists yet (an
 * operator's view of certifications) gets a route of its own over its first mount.
 */
const renderList = (def: ConsoleDef, rows?: Rows) => {
  let route = consoleRouteOf(def);
  if (resourceCalls(route).def !== def) addRoute({ ...callsOf(def), route: (route = `list-of/${def.name}`) });
  return renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, rows });
};

/** Adds the list filter labelled `label` through react-admin's filter menu (which reads the label from the filter element). */
const addFilter = async (label: string) => {
  fireEvent.click(await screen.findByRole('button', { name: /Add filter/ }, SLOW));
  const menu = await screen.findByRole('menu', {}, SLOW);
  fireEvent.click(within(menu).getByText(label));
  // Gone from the page, not only hidden: a closing menu still covers the inputs.
  await waitFor(() => expect(document.querySelector('.MuiMenu-root')).toBeNull(), SLOW);
};

describe('coded fields are selects of translated values', () => {
  it.each(['zh', 'en'] as const)('a role form offers the role type as a select of its three labels (%s)', async (lang) => {
    const m = (await loadLang(lang)) as unknown as Messages;
    await renderInConsole(<SchemaForm def={role} mode="create" />, { lang, resource: 'role' });
    expect(screen.queryByRole('spinbutton')).toBeNull();
    const options = await openSelect(m.resources.role.fields!.type);
    expect(options).toEqual(lang === 'en' ? ['Super management', 'Administrator', 'Ordinary'] : ['超级管理', '管理员', '普通']);
  });

  it('the role list filters its type with the same select', async () => {
    await renderList(role);
    await addFilter('Role type');
    expect(await openSelect('Role type')).toEqual(['Super management', 'Administrator', 'Ordinary']);
  });

  it.each(resources.map((d) => [d.name, d] as const))('every coded field of %s is a select in its forms and filters', async (_, def) => {
    const m = (await loadLang('en')) as unknown as Messages;
    const labels = m.resources[def.name];
    const expected = (field: string, values: unknown[]) => values.map((v) => labels.values?.[field]?.[String(v)] ?? `missing label resources.${def.name}.values.${field}.${String(v)}`);
    for (const mode of ['create', 'edit'] as const) {
      const fields = Object.keys(formSchema(definition(def.name), mode).shape).filter((f) => codedField(def, f) && !referenceTarget(def, f));
      if (!fields.length) continue;
      const { unmount } = await renderInConsole(<SchemaForm def={definition(def.name)} mode={mode} />, { resource: def.name, record: mode === 'edit' ? { id: 'r1' } : undefined });
      for (const f of fields) expect(await openSelect(labels.fields![f]), `${def.name}.${f} (${mode})`).toEqual(expected(f, codedField(def, f)!.values));
      unmount();
    }
    const filters = (def.api.filters ?? []).filter((f) => f.op !== 'like' && codedField(def, f.field));
    if (filters.length) {
      await renderList(definition(def.name));
      for (const f of filters) {
        await addFilter(labels.fields![f.field]);
        expect(await openSelect(labels.fields![f.field]), `${def.name} filter ${f.field}`).toEqual(expected(f.field, codedField(def, f.field)!.values));
      }
    }
  });
});

describe('reference fields are pickers', () => {
  const rows: Rows = {
    member: [{ id: 'm1', guid: 'm1', name: 'Alice' }, { id: 'm2', guid: 'm2', name: 'Bob' }],
    position: [{ id: 'pos1', guid: 'pos1', name: 'Engineer' }],
    department: [{ id: 'd1', guid: 'd1', name: 'HQ', parent_guid: null }, { id: 'd2', guid: 'd2', name: 'Sales', parent_guid: 'd1' }],
    permission: [
      { id: 'p1', guid: 'p1', name: 'System', parent_guid: null, type: 0 },
      { id: 'p2', guid: 'p2', name: 'Roles', parent_guid: 'p1', type: 1 },
      { id: 'p3', guid: 'p3', name: 'Add', parent_guid: 'p2', type: 2 },
      { id: 'p4', guid: 'p4', name: 'Users', parent_guid: 'p1', type: 1 },
    ],
  };

  it("a member form picks the superior among members and the position among positions, by their titles; the department by its path", async () => {
    await renderInConsole(<SchemaForm def={member} mode="create" />, { rows, resource: 'member-manage' });
    expect(await openPicker('Superior')).toEqual(['Alice', 'Bob']);
    expect(await openPicker('Position')).toEqual(['Engineer']);
    expect(await openPicker('Department')).toEqual(['HQ', 'HQ / Sales']);
    expect(screen.queryByRole('textbox', { name: /Superior|Position/ })).toBeNull();
  });

  it('the permission parent picker shows paths of menus only (a button holds nothing), and an edited node cannot move under itself', async () => {
    await renderInConsole(<SchemaForm def={permission} mode="create" />, { rows, resource: 'permission' });
    expect(await openPicker('Parent')).toEqual(['System', 'System / Roles', 'System / Users']);
    cleanup();
    const record = { ...rows.permission[1], code: 'admin:role', type: 1, scene: 'admin' };
    await renderInConsole(<SchemaForm def={permission} mode="edit" />, { rows, resource: 'permission', record });
    const input = await screen.findByRole('combobox', { name: named('Parent') });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('System'));
    // The current parent is the value (react-admin leaves the selected option out of the list); the node and its subtree are absent.
    expect(await openPicker('Parent')).toEqual(['System / Users']);
  });

  it('seeded permission nodes are named in the reader\'s language by their code; a node an operator named keeps its name', async () => {
    const seeded = {
      permission: [
        { id: 's1', guid: 's1', name: '系统管理', code: 'admin:system', parent_guid: null, type: 0, status: 0 },
        { id: 's2', guid: 's2', name: '角色管理', code: 'admin:role', parent_guid: 's1', type: 1, status: 0 },
        { id: 's3', guid: 's3', name: '新增', code: 'admin:role:add', parent_guid: 's2', type: 2, status: 0 },
        { id: 's4', guid: 's4', name: 'Audit board', code: 'custom:audit', parent_guid: 's1', type: 1, status: 0 },
      ],
    };
    await renderInConsole(<TreeList rc={resourceCalls('permission')} />, { rows: seeded, resource: 'permission' });
    // The roots' children are listed; a deeper branch (Roles' buttons) opens on its expander.
    expect((await screen.findAllByTestId('tree-row')).map((r) => r.textContent)).not.toContain(expect.stringContaining('Add'));
    fireEvent.click(screen.getByRole('button', { name: 'Expand Roles' }));
    const rowsText = (await screen.findAllByTestId('tree-row')).map((r) => r.textContent);
    expect(rowsText[0]).toContain('System');
    expect(rowsText[1]).toContain('Roles');
    expect(rowsText[2]).toContain('Add');
    expect(rowsText[3]).toContain('Audit board');
    expect(rowsText.join(' ')).not.toMatch(/系统管理|角色管理|新增/);
    cleanup();
    await renderInConsole(<SchemaForm def={permission} mode="create" />, { rows: seeded, resource: 'permission' });
    expect(await openPicker('Parent')).toEqual(['System', 'System / Roles', 'System / Audit board']);
  });

  it.each(resources.map((d) => [d.name, d] as const))('every reference field of %s is a picker in its forms and filters', async (_, def) => {
    const m = (await loadLang('en')) as unknown as Messages;
    const labels = m.resources[def.name];
    const fields = Object.keys(formSchema(definition(def.name), 'create').shape).filter((f) => referenceTarget(def, f));
    if (fields.length) {
      await renderInConsole(<SchemaForm def={definition(def.name)} mode="create" />, { resource: def.name });
      for (const f of fields) expect((await openPicker(labels.fields![f])).length, `${def.name}.${f}`).toBeGreaterThan(0);
      cleanup();
    }
    const filters = (def.api.filters ?? []).filter((f) => f.op !== 'like' && referenceTarget(def, f.field) && f.field in def.schema.shape);
    if (filters.length) {
      await renderList(definition(def.name));
      for (const f of filters) {
        await addFilter(labels.fields![f.field]);
        expect((await openPicker(labels.fields![f.field])).length, `${def.name} filter ${f.field}`).toBeGreaterThan(0);
      }
    }
  });
});
