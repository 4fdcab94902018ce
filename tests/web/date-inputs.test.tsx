import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { addRoute, callsOf, resourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import { SchemaForm } from '../../src/console/SchemaForm.tsx';
import { formatDay, formatInstant, zoneName } from '../../src/shell/dates.ts';
import { consoleRouteOf, renderInConsole, resetConsole, signedInWithoutSettings, type Rows } from './console-harness.tsx';

/**
 * Dates and times as a kind of the schema (`date()`, `datetime()`, `clockTime()`): forms pick them,
 * nobody types ISO 8601; lists show one convention, a day without a time, an instant to the second, the zone in the title where it matters.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

const SLOW = { timeout: 5_000 };
const renderList = (def: ConsoleDef, rows?: Rows) => {
  let route = consoleRouteOf(def);
  if (resourceCalls(route).def !== def) addRoute({ ...callsOf(def), route: (route = `list-of/${def.name}`) });
  return renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, rows });
};

describe('dates and times', () => {
  it('one convention: a day as stored, an instant in the reader\'s zone to the second, the zone an offset', () => {
    expect(formatDay('2027-01-15')).toBe('2027-01-15');
    const at = '2027-01-15T02:03:04.000Z';
    const local = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatInstant(at)).toBe(`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:04`);
    expect(zoneName()).toMatch(/^(GMT|UTC)/);
  });

  it("a payment's time is a date-and-time picker naming the person's zone", async () => {
    await renderInConsole(<SchemaForm def={definition('payment-record')} mode="create" />, { resource: 'payment-record' });
    const input = (await screen.findByLabelText(/^Paid on/, {}, SLOW)) as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(screen.getByText(/In your time zone: /)).toBeTruthy();
  });

  it('a log page offers its window as two pickers, shows its times in the one form, and names the zone in the column title', async () => {
    const created_at = '2026-11-25T02:03:04.000Z';
    await renderList(definition('login-log'), { 'login-log': [{ id: 'l1', guid: 'l1', created_at, username: 'amy', scene: 'admin', result: 'success', ip: '127.0.0.1', user_agent: 'x' }] });
    await waitFor(() => expect(document.querySelectorAll('input[type="datetime-local"]')).toHaveLength(2), SLOW);
    expect(await screen.findByText(formatInstant(created_at), {}, SLOW)).toBeTruthy();
    expect(screen.getAllByText((text) => text.endsWith(` (${zoneName()})`)).length).toBeGreaterThan(0);
  });

  it("an order's due time is shown in the same form, in the reader's zone", async () => {
    const due_at = '2027-01-15T15:59:59.000Z';
    await renderList(definition('order'), { order: [{ id: 'o1', guid: 'o1', number: '2026112500000001', app_name: 'Thing', amount: 100, currency: 'CNY', due_at, state: 0, created_at: due_at }] });
    expect((await screen.findAllByText(formatInstant(due_at), {}, SLOW)).length).toBeGreaterThan(0);
  });
});
