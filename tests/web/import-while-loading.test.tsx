import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountRoute, resourceCalls } from '../../dataProvider/calls.ts';
import { definition } from '../../dataProvider/definitions.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import en from '../../i18n/resources/en.ts';
import { fakeDataProvider, renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A list shows its toolbar while its rows load and its empty state once it knows there are none,
 * each with an Import button: a dialog opened by a click before the swap stays open after it.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

const SLOW = { timeout: 5_000 };
const order = definition('order');
const route = mountRoute(order, order.api.mounts.find((m) => m.base === '/open/admin/order-management/service')!);

describe("a list's import dialog", () => {
  it('stays open when the list it was opened on turns out to be empty', async () => {
    let answer!: (page: { data: never[]; total: number }) => void;
    const dataProvider = { ...(fakeDataProvider() as Record<string, unknown>), getList: () => new Promise((r) => (answer = r)) } as never;
    await renderInConsole(<ResourceList rc={resourceCalls(route)} />, { resource: route, dataProvider });
    fireEvent.click(await screen.findByTestId('transfer-import', {}, SLOW));
    await screen.findByTestId('transfer-file', {}, SLOW);
    answer({ data: [], total: 0 });
    await screen.findByTestId('list-empty', {}, SLOW);
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain(en.transfer.hint), SLOW);
  });
});
