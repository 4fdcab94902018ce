import { callsOf } from '../../dataProvider/calls.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { definition, resources as consoleDefs } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { resources } from '../../resources/index.ts';
import { renderColumn } from '../../src/console/fields.tsx';
import { choicesOf, fieldSchemaOf } from '../../src/console/registry.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import { StatusButtons } from '../../src/console/StatusButtons.tsx';
import { guard } from '../../src/routes/guard.ts';
import { ROUTES } from '../../src/routes/table.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';
import { menuScreens, tenantScreensOf } from '../../resources/screens.ts';

/**
 * What screens take from a definition rather than guess: a record's title (`titleField`), the tone
 * of a coded value (`tones`), and, for the tenant console's pages, the route table.
 */
afterEach(resetConsole);

beforeEach(signedInWithoutSettings);

const dict = definition('dict');
const org = definition('org');

const chipOf = (text: string) => screen.getByText(text).closest('.MuiChip-root')!;

describe('tones are data of the definition', () => {
  it('a list shows each status value in the tone its definition gives it', async () => {
    const rows = { user: [{ id: 'u1', guid: 'u1', username: 'alice', status: 0 }, { id: 'u2', guid: 'u2', username: 'bob', status: 1 }] };
    await renderInConsole(<ResourceList rc={resourceCalls('user')} />, { rows, resource: 'user' });
    await screen.findByText('alice');
    expect(chipOf('Normal').className).toMatch(/MuiChip-colorSuccess/);
    expect(chipOf('Frozen').className).toMatch(/MuiChip-colorError/);
  });

  it('a value the definition gives no tone is grey; another definition tones the same code differently', async () => {
    await renderInConsole(<RecordContextProvider value={{ id: 'o1', auth_state: 1 }}>{renderColumn(org, { field: 'auth_state', render: 'status' })}</RecordContextProvider>);
    expect(chipOf('Certifying').className).toMatch(/MuiChip-colorWarning/);
    cleanup();
    const plain: ConsoleDef = { ...org, admin: { ...org.admin, tones: undefined } };
    await renderInConsole(<RecordContextProvider value={{ id: 'o1', auth_state: 1 }}>{renderColumn(plain, { field: 'auth_state', render: 'status' })}</RecordContextProvider>);
    expect(chipOf('Certifying').className).toMatch(/MuiChip-colorDefault/);
  });

  it.each(consoleDefs.map((d) => [d.name, d] as const))('%s: tones name coded fields and their values; its status field has a tone for every value', (_, def) => {
    for (const [field, tones] of Object.entries(def.admin.tones ?? {})) {
      const values = choicesOf(fieldSchemaOf(def, field) ?? {});
      expect(values, `${def.name}.${field} is coded`).toBeDefined();
      expect(Object.keys(tones).every((v) => values!.map(String).includes(v)), `${def.name}.${field} tones its own values`).toBe(true);
    }
    if (def.api.status) {
      const values = choicesOf(fieldSchemaOf(def, def.api.status.field) ?? {})!;
      expect(values.map((v) => def.admin.tones?.[def.api.status!.field]?.[String(v)]), `${def.name}.${def.api.status.field} tones`).not.toContain(undefined);
    }
  });
});

describe('titleField names a record', () => {
  /** Definitions whose records are listed on a screen or picked from another definition. */
  const named = new Set([
    ...resources.filter((d) => menuScreens(d).some((s) => !s.mount) || tenantScreensOf(d).some((s) => (s.view ?? 'list') === 'list')).map((d) => d.name),
    ...resources.flatMap((d) => [
      ...Object.values(d.relations?.references ?? {}),
      ...d.admin.columns.flatMap((c) => (c.reference ? [c.reference] : [])),
      ...(d.admin.grants ? [d.admin.grants.resource] : []),
      ...tenantScreensOf(d).flatMap((s) => (s.actions ?? []).flatMap((a) => (a.input ? [a.input.reference] : []))),
    ]),
  ]);

  it.each(resources.map((d) => [d.name, d] as const))('%s: its titleField is a field of its schema or a server-kept one, and is set where its records are listed or picked', (_, def) => {
    // A server-kept field may name a record (an order's number): every answer carries it.
    if (def.admin.titleField) expect(Object.keys({ ...def.schema.shape, ...(def.internal?.shape ?? {}) })).toContain(def.admin.titleField);
    if (named.has(def.name)) expect(def.admin.titleField, `${def.name} names its title`).toBeDefined();
  });

  it('asking before a status change names the record by its title field (a dictionary entry by its label)', async () => {
    await renderInConsole(<StatusButtons rc={callsOf(dict)} />, { resource: 'dict', record: { id: 'd1', type: 'currency', label: 'Euro', value: 'EUR', status: 0 } });
    fireEvent.click(screen.getByTestId('status-disable'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Euro/)).toBeTruthy();
  });
});

describe('tenant pages are route data', () => {
  const tenant = { signedIn: true, userType: 1, urls: [] as string[], authState: 2 };
  it('the role detail link redirects to the role page\'s detail, taking the id from the query', () => {
    expect(guard('/account/role-detail', '?id=7f1c', tenant)).toBe('/account/role-manage/7f1c/show');
    expect(guard('/account/role-detail', '', tenant)).toBe('/account/role-manage');
  });
  it('personal info is a hand-written screen the route table names', () => {
    expect(ROUTES.find((r) => r.path === '/account/info')?.screen).toBe('personal-info');
    expect(ROUTES.filter((r) => r.screen).every((r) => r.page === 'tenant')).toBe(true);
  });
});
