import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { resources as consoleDefs } from '../../dataProvider/definitions.ts';
import en from '../../i18n/ui/en.ts';
import { ResourceList } from '../../src/console/ResourceList.tsx';
import { tenantScreens } from '../../src/console/tenantRegistry.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A list's row actions lead where a click on the row does (issue 44, item 12): a row with pages of
 * its own (an app's console pages, a BU's page) is viewed and edited there, not on the generic record
 * pages; and a list whose definition gives the viewer no row action has no (empty) actions column.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

/** Where the links of that name lead (the harness's router keeps paths after a `#`). */
const hrefs = async (name: string) => (await screen.findAllByRole('link', { name: new RegExp(`^${name}`) })).map((a) => a.getAttribute('href')?.replace(/^#/, ''));

describe('row actions of a list', () => {
  it("the tenant apps list's Show and Edit open the app's console pages, as the row does", async () => {
    const apps = tenantScreens.find(({ screen }) => screen.url === '/business/app')!.rc;
    await renderInConsole(<ResourceList rc={apps} />, { rows: { app: [{ id: 'a1', guid: 'a1', name: 'Ledger', status: 0 }] }, resource: apps.route });
    await screen.findByText('Ledger');
    expect(await hrefs('Show')).toEqual(['/business/app/a1/config']);
    expect(await hrefs('Edit')).toEqual(['/business/app/a1/config']);
  });

  it("the operator's BU list has its action: Show opens the BU's page", async () => {
    const bus = resourceCalls('bu');
    await renderInConsole(<ResourceList rc={bus} />, { rows: { bu: [{ id: 'b1', guid: 'b1', name: 'Acme', status: 0, auth_state: 2 }] }, resource: bus.route });
    await screen.findByText('Acme');
    expect(await hrefs('Show')).toEqual([bus.opens!.replace(':id', 'b1')]);
    expect(within(screen.getByTestId('resource-list')).getByRole('columnheader', { name: en.list.actions })).toBeTruthy();
  });

  it('a list whose definition gives no row action renders no actions column', async () => {
    // A definition listed with nothing to do on its rows: no get, edit, status, grants, history or own page.
    const bare = consoleDefs.map((d) => resourceCalls(d.name)).find((rc) => rc.verbs.page && !rc.verbs.get && !rc.verbs.update && !rc.verbs.status && !Object.keys(rc.transitions).length && !rc.def.admin.grants && !rc.def.admin.history && !rc.opens)!;
    expect(bare).toBeDefined();
    const title = bare.def.admin.titleField ?? 'name';
    await renderInConsole(<ResourceList rc={bare} />, { rows: { [bare.def.name]: [{ id: 'r1', guid: 'r1', [title]: 'Row one' }] }, resource: bare.route });
    await screen.findAllByRole('row');
    expect(within(screen.getByTestId('resource-list')).queryByRole('columnheader', { name: en.list.actions })).toBeNull();
  });
});
