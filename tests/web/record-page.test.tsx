import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
import { resourceCalls } from '../../dataProvider/calls.ts';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import { setNavigator } from '../../dataProvider/events.ts';
import { http } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';
import { i18nProviderFor } from '../../src/console/i18nProvider.ts';
import { RecordPage } from '../../src/console/RecordPage.tsx';
import { LangProvider } from '../../src/shell/LangContext.tsx';
import { loadLang, resetConsole } from './console-harness.tsx';

/**
 * The operator console's page of one BU (the `page` of bu-management's screen): tabs from the definition,
 * the active one from the URL, and every call of every tab naming the BU as `bu_guid`. The real data
 * provider runs; the http layer is replaced at axios' adapter, recording each call.
 */
const BU = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const NOTES = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const M = '/open/admin/system/bu-management';
let calls: { url: string; body: Record<string, unknown> }[] = [];
let authState = 0;

const answer = (url: string): unknown => {
  if (url === `${M}/detail`) return { guid: BU, name: 'Harbour Ltd', status: 0 };
  if (url === `${M}/org/bu-org-info`) return { guid: 'o1', bu_guid: BU, company_name: 'Harbour Holdings', credit_code: '91350100M000100Y43', auth_state: authState };
  if (url === `${M}/auth/update`) return { auth_state: (authState = 2) };
  if (url === `${M}/sso/password-policy-info`) return { guid: 'p1', min_length: 8 };
  if (url === `${M}/app/list`) return { list: [{ guid: 'i1', app_guid: 'a1', app_name: 'Ledger', created_at: '2026-01-01T00:00:00Z' }], count: 1 };
  if (url === `${M}/app/uninstall`) return { deleted: 1 };
  if (url === '/open/admin/system/bu/app-project/list') return [{ guid: 'ap1', app_guid: 'a1', project_guid: 'p1', app_name: 'Ledger', project_name: 'Tower A' }];
  if (url === `${M}/app/bu-apps`) return [{ guid: 'a1', name: 'Ledger' }];
  if (url === `${M}/project/list`) return [{ guid: 'p1', name: 'Tower A' }];
  if (url === `${M}/app/installable`) return [{ guid: NOTES, name: 'Notes' }];
  return [];
};
const adapter: AxiosAdapter = async (config) => {
  const body = JSON.parse((config.data as string) || '{}');
  calls.push({ url: config.url ?? '', body });
  return { status: 200, data: { code: 200, data: answer(config.url ?? ''), message: 'ok' }, headers: {}, config, statusText: 'OK' };
};

/** The page's calls (column settings are the list's own, through the http client, and name no BU). */
const pageCalls = () => calls.filter((c) => !c.url.includes('column-'));

const open = async (tab: string) => {
  await loadLang('en');
  // The shell's router holds the console, as in the app (react-admin's basename only makes its links).
  return render(
    <MemoryRouter initialEntries={[`/operation/bu/${BU}/${tab}`]}>
      <LangProvider initial="en">
      <AdminContext basename="/operation" dataProvider={dataProvider} i18nProvider={i18nProviderFor('en')} store={memoryStore()}>
        <Routes>
          <Route path="/operation/bu/:id/*" element={<RecordPage rc={resourceCalls('bu')} />} />
        </Routes>
      </AdminContext>
      </LangProvider>
    </MemoryRouter>,
  );
};

beforeEach(() => {
  store.set('token', `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
  setNavigator(() => undefined);
  http.defaults.adapter = adapter;
  calls = [];
  authState = 0;
});
afterEach(resetConsole);

describe('a BU’s page', () => {
  it('heads the page with the BU’s name and shows a tab per definition tab, the URL’s one selected', async () => {
    await open('sso/password');
    expect(await screen.findByText('Harbour Ltd')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Organisation info', 'Password policy', 'Login policy', 'SSO configuration', 'Enterprise apps', 'App projects', 'Staff fields']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Password policy');
    // Tabs are links to their URLs (Enter follows them; arrows move between them).
    expect(tabs[4].getAttribute('href')).toBe(`/operation/bu/${BU}/app`);
    expect(await screen.findByDisplayValue('8')).toBeTruthy();
    expect(pageCalls().map((c) => c.url)).toEqual(expect.arrayContaining([`${M}/detail`, `${M}/sso/password-policy-info`]));
    expect(pageCalls().every((c) => c.body.bu_guid === BU)).toBe(true);
  });

  it('certifies the BU after asking, with bu_guid and the action’s fixed state', async () => {
    await open('org');
    await screen.findByDisplayValue('Harbour Holdings');
    expect(screen.queryByTestId('action-revoke')).toBeNull();
    fireEvent.click(await screen.findByTestId('action-certify'));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.url === `${M}/auth/update`)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.url === `${M}/auth/update`)?.body).toMatchObject({ bu_guid: BU, auth_state: 2 }));
    expect(await screen.findByTestId('action-revoke')).toBeTruthy();
    expect(pageCalls().every((c) => c.body.bu_guid === BU)).toBe(true);
  });

  it('lists the BU’s installed apps and uninstalls one after asking', async () => {
    await open('app');
    const row = (await screen.findByText('Ledger')).closest('tr')!;
    fireEvent.click(within(row).getByTestId('action-uninstall'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.url === `${M}/app/uninstall`)?.body).toEqual({ guid: 'i1', bu_guid: BU }));
    expect(calls.find((c) => c.url === `${M}/app/list`)?.body).toMatchObject({ bu_guid: BU, page: 1 });
    expect(pageCalls().every((c) => c.body.bu_guid === BU)).toBe(true);
  });

  it('installs through `install`, picking among the store apps the BU may install, naming only the app', async () => {
    await open('app/create');
    const input = await screen.findByLabelText(/^App/);
    fireEvent.change(input, { target: { value: 'No' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Notes' }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Notes'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.url === `${M}/app/install`)?.body).toEqual({ app_guid: NOTES, bu_guid: BU }));
    expect(calls.some((c) => c.url === `${M}/app/installable`)).toBe(true);
    expect(pageCalls().every((c) => c.body.bu_guid === BU)).toBe(true);
  });

  it('binds the BU’s apps to its projects through pickers over that BU’s rows', async () => {
    await open('app-project');
    await screen.findByText('Tower A');
    resetConsole();
    await open('app-project/create');
    await screen.findByLabelText(/^Project/);
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining([`${M}/app/bu-apps`, `${M}/project/list`])));
    expect(calls.find((c) => c.url === '/open/admin/system/bu/app-project/list')?.body).toMatchObject({ bu_guid: BU });
    expect(pageCalls().every((c) => c.body.bu_guid === BU)).toBe(true);
  });
});
