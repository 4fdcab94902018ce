import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { definition } from '../../dataProvider/definitions.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../src/console/SearchBox.tsx';
import { consoleRouteOf, fakeDataProvider, renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A list's keyword search (src/console/SearchBox.tsx) is drawn without react-admin's filter form,
 * which loads once another filter shows (src/console/ListFrame.tsx): the two must still make one
 * filter, each keeping what the other set.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

const SLOW = { timeout: 5_000 };
const def = definition('user');
const route = consoleRouteOf(def);
const row = { id: 'u1', guid: 'u1', username: 'amy', status: 0 };

/** A data provider answering one row and recording each list call's filter. */
const watching = () => {
  const asked: Record<string, unknown>[] = [];
  const base = fakeDataProvider({ [def.name]: [row] }) as Record<string, unknown>;
  const dataProvider = { ...base, getList: async (_: string, p: GetListParams) => (asked.push(p.filter), { data: [row], total: 1 }) };
  return { asked, dataProvider: dataProvider as never };
};
const lastAsked = (asked: Record<string, unknown>[]) => asked[asked.length - 1];

describe("a list's search box", () => {
  it('searches after a pause in typing, at once on Enter, and clears', async () => {
    const { asked, dataProvider } = watching();
    await renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, dataProvider });
    await screen.findByText('amy', {}, SLOW);
    expect(lastAsked(asked)).toEqual({});
    const box = screen.getByRole('searchbox', { name: 'Search' });
    const typed = performance.now();
    fireEvent.change(box, { target: { value: 'am' } });
    // Nothing asked while typing goes on.
    expect(lastAsked(asked)).toEqual({});
    await waitFor(() => expect(lastAsked(asked)).toEqual({ q: 'am' }), SLOW);
    const afterPause = performance.now() - typed;
    // Node's timers may fire up to a millisecond before their time.
    expect(afterPause).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 1);
    fireEvent.change(box, { target: { value: 'amy' } });
    const entered = performance.now();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastAsked(asked)).toEqual({ q: 'amy' }), SLOW);
    // At once: without the pause the ask before waited for, whatever the machine's own delay (the same in both).
    expect(performance.now() - entered).toBeLessThan(afterPause - SEARCH_DEBOUNCE_MS / 2);
    fireEvent.click(screen.getByRole('button', { name: 'Clear value' }));
    await waitFor(() => expect(lastAsked(asked)).toEqual({}), SLOW);
    expect((box as HTMLInputElement).value).toBe('');
  });

  it("keeps its words when another filter is added, that filter's when the words change, and empties when all filters are removed", async () => {
    const { asked, dataProvider } = watching();
    await renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, dataProvider });
    await screen.findByText('amy', {}, SLOW);
    // Only the search shows: react-admin's filter form is not drawn.
    expect(document.querySelector('.filter-field')).toBeNull();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'amy' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastAsked(asked)).toEqual({ q: 'amy' }), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Username' }, SLOW));
    const username = (await screen.findByRole('textbox', { name: 'Username' }, SLOW)) as HTMLInputElement;
    fireEvent.change(username, { target: { value: 'a1' } });
    await waitFor(() => expect(lastAsked(asked)).toEqual({ q: 'amy', username: 'a1' }), SLOW);
    fireEvent.change(box, { target: { value: 'bo' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastAsked(asked)).toEqual({ q: 'bo', username: 'a1' }), SLOW);
    expect(username.value).toBe('a1');
    // Cleared from the filter menu, the box empties too.
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove all filters' }, SLOW));
    await waitFor(() => expect(lastAsked(asked)).toEqual({}), SLOW);
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''), SLOW);
  });
});
