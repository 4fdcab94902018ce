import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { LOG_WINDOW_DAYS, DAY_MS, outsideLogWindow } from '../../schemas/log-window.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import { local } from '../../src/console/app/logWindow.ts';
import en from '../../i18n/ui/en.ts';
import { consoleRouteOf, fakeDataProvider, renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A log's window on its generated list (resources/types.ts `window`): a range wider than
 * LOG_WINDOW_DAYS is refused under the picker before anything is asked, and the list and its pager
 * keep the last result they agree on; a page the server refuses anyway shows its sentence, no pager.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

const SLOW = { timeout: 5_000 };
const def = definition('login-log');
const route = consoleRouteOf(def);
const row = { id: 'l1', guid: 'l1', created_at: new Date().toISOString(), username: 'amy', scene: 'admin', result: 'success', ip: '127.0.0.1', user_agent: 'x' };
const refusal = en.list.window_too_wide.replace('%{days}', String(LOG_WINDOW_DAYS));

/** A data provider answering one row, recording each list call's filter. */
const watching = () => {
  const asked: Record<string, unknown>[] = [];
  const base = fakeDataProvider({ [def.name]: [row] }) as Record<string, unknown>;
  const dataProvider = { ...base, getList: async (_: string, p: GetListParams) => (asked.push(p.filter), { data: [row], total: 1 }) };
  return { asked, dataProvider: dataProvider as never };
};
const picker = async (name: RegExp) => (await screen.findByLabelText(name, {}, SLOW)) as HTMLInputElement;

describe("a log list's window", () => {
  it(`refuses more than ${LOG_WINDOW_DAYS} days inline and keeps the last result and its pager`, async () => {
    const { asked, dataProvider } = watching();
    await renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, dataProvider });
    await screen.findByText('amy', {}, SLOW);
    const to = Date.now();
    fireEvent.change(await picker(/^To/), { target: { value: local(new Date(to)) } });
    fireEvent.change(await picker(/^From/), { target: { value: local(new Date(to - (LOG_WINDOW_DAYS + 3) * DAY_MS)) } });
    expect((await screen.findAllByText(refusal, {}, SLOW)).length).toBeGreaterThan(0);
    // The filter form sends nothing while refused: past its debounce, no call took the wide window.
    const before = asked.length;
    fireEvent.change(await picker(/^From/), { target: { value: local(new Date(to - (LOG_WINDOW_DAYS + 2) * DAY_MS)) } });
    await waitFor(() => expect(screen.getAllByText(refusal).length).toBeGreaterThan(0));
    expect(screen.getByText('amy')).toBeTruthy();
    expect(document.querySelector('.MuiTablePagination-displayedRows')?.textContent).toBe('1-1 of 1');
    // Mending the start clears the refusal and searches the window.
    fireEvent.change(await picker(/^From/), { target: { value: local(new Date(to - 2 * DAY_MS)) } });
    await waitFor(() => expect(asked.length).toBeGreaterThan(before), SLOW);
    expect(screen.queryByText(refusal)).toBeNull();
    for (const f of asked) if (f.from && f.to) expect(outsideLogWindow(new Date(String(f.from)), new Date(String(f.to)))).toBe(false);
  });

  it("shows the server's refusal of a page in place of the rows, with no pager counting the page before", async () => {
    const base = fakeDataProvider({ [def.name]: [row] }) as Record<string, unknown>;
    const sentence = 'The search covers at most 7 days, and its start comes before its end.';
    const dataProvider = { ...base, getList: async () => Promise.reject(new Error(sentence)) } as never;
    await renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, dataProvider });
    expect((await screen.findByTestId('list-error', {}, SLOW)).textContent).toBe(sentence);
    expect(document.querySelector('.MuiTablePagination-root')).toBeNull();
  });
});
