import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError, post } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';
import { loadLanguage } from '../../i18n/client.ts';
import { loadMessages } from '../../i18n/messages.ts';
import AppPages from '../../src/console/app/AppPages.tsx';
import { AppEvents } from '../../src/console/app/AppEvents.tsx';
import { LangProvider } from '../../src/shell/LangContext.tsx';

/**
 * An app's events page (/business/app/:id/eventSubscriptions) against a mocked http client: the
 * endpoint and its challenge, the subscriptions and their dialog, the push log and replay.
 */
vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));

const APP = { guid: 'app-1', name: 'Alpha', code: 'alpha', app_id: 'cli_alpha', type: 1, status: 0, description: null, icon: null, token_ttl: 7200, ability_codes: [] };
const CONFIG = {
  guid: 'cfg-1', app_guid: 'app-1', request_url: null as string | null, verification_token: 'vt-123', encrypt_key: 'ek-456' as string | null, signing_secret: 'ss-789',
  webhook_secret: 'whsec_c3MtNzg5', previous_secret_until: null as string | null,
  verified_at: null as string | null, failing_since: null as string | null, paused_at: null as string | null,
};
// Names as seeded, in the default language: the page shows them in the reader's.
const TYPES = [
  { guid: 't1', code: 'contact.user.created_v3', group_code: 'contact:member:readonly', name: '成员已添加', description: null, status: 0 },
  { guid: 't2', code: 'contact.department.created_v3', group_code: 'contact:department:readonly', name: '部门已创建', description: null, status: 0 },
  { guid: 't3', code: 'application.app.status_changed_v1', group_code: null, name: '应用启停', description: null, status: 0 },
];
const SCOPES = [
  { guid: 's1', code: 'contact:member:readonly', name: 'Members (read)', description: null, status: 2 },
  { guid: 's2', code: 'contact:department:readonly', name: 'Departments (read)', description: null, status: 0 },
];
const ATTEMPT = {
  id: '0b8e1c52-0000-4000-8000-000000000001', event_id: 'evt-42', event_type: 'contact.user.created_v3', attempt: 2, http_status: 0, ms: 3001,
  answer: '', failure: 'timeout', created_at: new Date(Date.now() - 3_600_000).toISOString(), state: 'retrying', next_attempt_at: new Date(Date.now() + 600_000).toISOString(),
};

/** What each call answers; a test replaces the ones it is about. */
let answers: Record<string, (body: Record<string, unknown>) => unknown>;
const callsTo = (path: string) => vi.mocked(post).mock.calls.filter(([p]) => p === path).map(([, body]) => body as Record<string, unknown>);
const errors = vi.spyOn(console, 'error');

beforeAll(async () => {
  store.set('language', 'en');
  // The page's words (registered by AppPages), the console's, and the default language's seeded names.
  await Promise.all([loadLanguage('en'), loadMessages('zh')]);
});

beforeEach(() => {
  errors.mockClear();
  answers = {
    '/open/app/get-app-detail': () => APP,
    '/open/app/event/subscribe-config/get': () => CONFIG,
    '/open/app/event/info/list': () => TYPES,
    '/open/app/permissions/list': () => SCOPES,
    '/open/app/event/subscribe-rel/page': () => ({ list: [], count: 0 }),
    '/open/app/event/log/page': () => ({ list: [], page_size: 20, next: null, count: 0, count_capped: false }),
  };
  vi.mocked(post).mockReset();
  vi.mocked(post).mockImplementation(async (path: string, body?: unknown) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer(body as Record<string, unknown>) as never;
  });
});

afterEach(() => {
  cleanup();
  // The page logs nothing (React and MUI warnings land in console.error).
  expect(errors).not.toHaveBeenCalled();
});

const renderPage = (path = '/business/app/app-1/eventSubscriptions') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LangProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AppEvents app={APP} />
        </QueryClientProvider>
      </LangProvider>
    </MemoryRouter>,
  );

/** The app pages (src/console/app/AppPages.tsx) at `path`, as the shell mounts them: outside <Admin>. */
const renderAppPages = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LangProvider>
        <Suspense fallback={null}>
          <AppPages />
        </Suspense>
      </LangProvider>
    </MemoryRouter>,
  );

const typeUrl = async (url: string) => fireEvent.change(await screen.findByTestId('field-request_url'), { target: { value: url } });

describe('app events page', () => {
  it('is one of the app pages, at its route', async () => {
    renderAppPages('/business/app/app-1/eventSubscriptions');
    expect(await screen.findByTestId('app-events')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Event endpoint' })).toBeTruthy();
  });

  it('while the app is on its way, says so in the reader\'s language, not in react-admin\'s keys (the app pages render outside <Admin>)', async () => {
    // Another app than the earlier tests': the app pages keep what they fetched.
    answers['/open/app/get-app-detail'] = () => new Promise(() => undefined);
    renderAppPages('/business/app/app-2/eventSubscriptions');
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bra\.[a-z]/);
  });

  it("saves the request URL and shows the challenge's measured time", async () => {
    answers['/open/app/event/subscribe-config/save-update'] = (b) => ({ ...CONFIG, request_url: b.request_url, verified_at: new Date().toISOString(), challenge: { ok: true, ms: 12, budget_ms: 1000, status: 200 } });
    renderPage();
    await typeUrl('https://example.com/hook');
    fireEvent.click(screen.getByTestId('save-request-url'));
    expect((await screen.findByTestId('challenge-ok')).textContent).toBe('Challenge answered in 12 ms (budget 1000 ms).');
    expect(callsTo('/open/app/event/subscribe-config/save-update')).toEqual([{ app_guid: 'app-1', request_url: 'https://example.com/hook', delivery_mode: 'push' }]);
  });

  it('switches to the long connection at once and shows the forwarder command; push comes back by saving a URL', async () => {
    answers['/open/app/event/subscribe-config/save-update'] = (b) => ({ ...CONFIG, delivery_mode: b.delivery_mode, ...(b.request_url ? { request_url: b.request_url, challenge: { ok: true, ms: 9, budget_ms: 1000, status: 200 } } : {}) });
    renderPage();
    fireEvent.click(within(await screen.findByTestId('delivery-mode')).getByLabelText('Long connection'));
    const long = await screen.findByTestId('long-connection');
    expect(long.textContent).toContain('npx open-platform listen --app-id cli_alpha --app-secret <App Secret> --forward-to http://localhost:3000/webhook');
    expect(screen.queryByTestId('field-request_url')).toBeNull();
    expect(callsTo('/open/app/event/subscribe-config/save-update')).toEqual([{ app_guid: 'app-1', delivery_mode: 'long_connection' }]);
    fireEvent.click(screen.getByLabelText('Push to a request URL'));
    expect((await screen.findByText(/Events go over the long connection now/)).tagName).toBe('P');
    await typeUrl('https://example.com/hook');
    fireEvent.click(screen.getByTestId('save-request-url'));
    await screen.findByTestId('challenge-ok');
    expect(callsTo('/open/app/event/subscribe-config/save-update').at(-1)).toEqual({ app_guid: 'app-1', request_url: 'https://example.com/hook', delivery_mode: 'push' });
    expect(screen.getByText(/Events are pushed to this URL/)).toBeTruthy();
  });

  it("shows the server's sentence under the field when the challenge fails, keeping the URL typed", async () => {
    const sentence = 'The request URL did not pass verification: No answer within 1000 ms. (took 1003 ms)';
    answers['/open/app/event/subscribe-config/save-update'] = () => {
      throw new CallError(sentence, 200, 201, { field: 'request_url', challenge: { ok: false, ms: 1003, reason: 'timeout', reason_text: 'No answer within 1000 ms.' } });
    };
    renderPage();
    await typeUrl('https://slow.example.com/hook');
    fireEvent.click(screen.getByTestId('save-request-url'));
    expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByTestId('field-request_url')).toHaveProperty('value', 'https://slow.example.com/hook');
    expect(screen.queryByTestId('challenge-ok')).toBeNull();
  });

  it('refuses a URL that is not http(s) before asking the server', async () => {
    renderPage();
    await typeUrl('ftp://example.com');
    fireEvent.click(screen.getByTestId('save-request-url'));
    await waitFor(() => expect(screen.getByTestId('field-request_url').getAttribute('aria-invalid')).toBe('true'));
    expect(callsTo('/open/app/event/subscribe-config/save-update')).toEqual([]);
  });

  it('an app paused on the long connection resumes with a click', async () => {
    answers['/open/app/event/subscribe-config/get'] = () => ({ ...CONFIG, delivery_mode: 'long_connection', failing_since: '2025-01-01T00:00:00.000Z', paused_at: '2025-01-04T00:00:00.000Z' });
    answers['/open/app/event/subscribe-config/save-update'] = (b) => ({ ...CONFIG, delivery_mode: b.delivery_mode });
    renderPage();
    expect((await screen.findByTestId('endpoint-paused')).textContent).toMatch(/none was acknowledged over the long connection for 3 days/);
    fireEvent.click(screen.getByTestId('resume-long'));
    await waitFor(() => expect(screen.queryByTestId('endpoint-paused')).toBeNull());
    expect(callsTo('/open/app/event/subscribe-config/save-update')).toEqual([{ app_guid: 'app-1', delivery_mode: 'long_connection' }]);
    expect(screen.getByTestId('long-connection')).toBeTruthy();
  });

  it('says clearly when pushes are paused, and since when they fail otherwise', async () => {
    answers['/open/app/event/subscribe-config/get'] = () => ({ ...CONFIG, request_url: 'https://example.com/hook', failing_since: '2025-01-01T00:00:00.000Z', paused_at: '2025-01-04T00:00:00.000Z' });
    renderPage();
    expect((await screen.findByTestId('endpoint-paused')).textContent).toMatch(/^Pushes are paused since .*2025.* save the request URL again to resume/);
    expect(screen.queryByTestId('endpoint-failing')).toBeNull();
    cleanup();
    answers['/open/app/event/subscribe-config/get'] = () => ({ ...CONFIG, request_url: 'https://example.com/hook', failing_since: '2025-01-01T00:00:00.000Z' });
    renderPage();
    expect((await screen.findByTestId('endpoint-failing')).textContent).toMatch(/failing since .*2025/);
    expect(screen.queryByTestId('endpoint-paused')).toBeNull();
  });

  it("shows the signing secret in Standard Webhooks' form, and until when the one before a reset still signs", async () => {
    renderPage();
    expect((await screen.findByTestId('key-webhook_secret')).textContent).toContain('whsec_c3MtNzg5');
    expect(screen.queryByTestId('previous-secret')).toBeNull();
    cleanup();
    answers['/open/app/event/subscribe-config/get'] = () => ({ ...CONFIG, previous_secret_until: '2030-01-02T03:04:05.000Z' });
    renderPage();
    expect((await screen.findByTestId('previous-secret')).textContent).toMatch(/^The signing secret before the reset also signs pushes until .*2030/);
  });

  it('resets a key after confirmation, and removes the Encrypt Key with clear', async () => {
    answers['/open/app/event/subscribe-config/reset'] = (b) => ({ ...CONFIG, [b.key as string]: b.clear ? null : 'new-key' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Verification Token' }));
    fireEvent.click(await screen.findByTestId('reset-verification_token-confirm'));
    await waitFor(() => expect(within(screen.getByTestId('key-verification_token')).getByText('new-key')).toBeTruthy());
    // The page is hidden from the accessibility tree until the dialog has gone.
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the Encrypt Key' }));
    fireEvent.click(await screen.findByTestId('remove-encrypt_key-confirm'));
    expect(await screen.findByText('None: pushes are sent unencrypted')).toBeTruthy();
    expect(callsTo('/open/app/event/subscribe-config/reset')).toEqual([
      { app_guid: 'app-1', key: 'verification_token' },
      { app_guid: 'app-1', key: 'encrypt_key', clear: true },
    ]);
  });

  it('the add dialog disables the types of scopes not opened and needs one choice', async () => {
    answers['/open/app/event/subscribe-rel/save'] = (b) => (b.event_codes as string[]).map((c) => ({ guid: `r-${c}`, event_code: c }));
    renderPage();
    const card = await screen.findByTestId('event-subscriptions');
    expect(within(card).getByTestId('empty-state').textContent).toContain('The app subscribes to no event yet.');
    fireEvent.click(within(card).getByTestId('add-events'));
    const dialog = await screen.findByRole('dialog', { name: 'Add events' });
    const closed = within(dialog).getByRole('checkbox', { name: 'Select Department created' });
    expect(closed).toHaveProperty('disabled', true);
    const group = within(dialog).getByTestId('event-group-contact:department:readonly');
    expect(group.textContent).toContain('Needs the scope "Departments (read)"');
    expect(within(group).getByRole('link', { name: 'apply on the App permissions page' }).getAttribute('href')).toBe('/business/app/app-1/permission');
    const add = within(dialog).getByTestId('add-events-confirm');
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Member added' }));
    expect(add).toHaveProperty('disabled', false);
    expect(add.textContent).toBe('Add (1)');
    answers['/open/app/event/subscribe-rel/page'] = () => ({ list: [{ guid: 'r1', app_guid: 'app-1', event_code: 'contact.user.created_v3', created_at: '' }], count: 1 });
    fireEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/open/app/event/subscribe-rel/save')).toEqual([{ app_guid: 'app-1', event_codes: ['contact.user.created_v3'] }]);
    const row = await screen.findByTestId('subscription-contact.user.created_v3');
    expect(row.textContent).toContain('Member added');
    expect(row.textContent).toContain('Members (read)');
  });

  it('unsubscribes after confirmation', async () => {
    answers['/open/app/event/subscribe-rel/page'] = () => ({ list: [{ guid: 'r1', app_guid: 'app-1', event_code: 'application.app.status_changed_v1', created_at: '' }], count: 1 });
    answers['/open/app/event/subscribe-rel/delete'] = () => null;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from App enabled or disabled' }));
    fireEvent.click(await screen.findByTestId('unsubscribe-application.app.status_changed_v1-confirm'));
    await waitFor(() => expect(callsTo('/open/app/event/subscribe-rel/delete')).toEqual([{ guid: 'r1' }]));
  });

  it("lists push attempts with their state and answer, and replays a row's event by its id", async () => {
    answers['/open/app/event/log/page'] = () => ({ list: [ATTEMPT], page_size: 20, next: null, count: 10_000, count_capped: true });
    answers['/open/app/event/log/replay'] = (b) => ({ replayed: 1, event_ids: b.event_ids });
    renderPage();
    const row = await screen.findByTestId(`attempt-${ATTEMPT.id}`);
    expect(row.textContent).toContain('Member added');
    expect(row.textContent).toContain('Timed out');
    expect(row.textContent).toMatch(/Retrying.*next attempt at/);
    expect(screen.getByTestId('event-log-total').textContent).toBe('More than 10,000 attempts');
    fireEvent.click(within(row).getByRole('button', { name: 'Show the answer to evt-42' }));
    expect((await screen.findByTestId(`answer-${ATTEMPT.id}`)).textContent).toContain('No answer body.');
    fireEvent.click(within(row).getByRole('button', { name: 'Replay evt-42' }));
    await waitFor(() => expect(callsTo('/open/app/event/log/replay')).toHaveLength(1));
    const sent = callsTo('/open/app/event/log/replay')[0];
    expect(sent).toMatchObject({ app_guid: 'app-1', event_ids: ['evt-42'] });
    // Its event is found in the 7 days up to the attempt.
    expect(new Date(sent.to as string).getTime() - new Date(sent.from as string).getTime()).toBe(7 * 86_400_000);
  });

  it('replays what matches the search after saying it re-sends the original event ids', async () => {
    answers['/open/app/event/log/replay'] = () => ({ replayed: 3, event_ids: ['a', 'b', 'c'] });
    renderPage();
    fireEvent.click(await screen.findByTestId('replay-matching'));
    const dialog = await screen.findByRole('dialog', { name: 'Replay matching' });
    expect(dialog.textContent).toContain('with their original event IDs');
    fireEvent.click(within(dialog).getByTestId('replay-matching-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = callsTo('/open/app/event/log/replay');
    expect(sent).toMatchObject({ app_guid: 'app-1', event_type: undefined, event_ids: undefined, state: undefined });
    // The default search is the last 24 hours, up to when it is asked.
    expect(new Date(sent.to as string).getTime() - new Date(sent.from as string).getTime()).toBe(86_400_000);
    expect(Date.now() - new Date(sent.to as string).getTime()).toBeLessThan(60_000);
  });

  it('refuses a time range over 7 days before asking, and searches by the filters', async () => {
    renderPage();
    const form = await screen.findByTestId('event-log-search');
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2025-01-01T00:00' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2025-01-09T00:00' } });
    fireEvent.click(screen.getByTestId('event-log-submit'));
    expect(screen.getByTestId('event-log-error').textContent).toContain('7 days');
    expect(callsTo('/open/app/event/log/page')).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2025-01-02T00:00' } });
    fireEvent.change(within(form).getByLabelText('Event ID'), { target: { value: 'evt-42' } });
    fireEvent.click(screen.getByTestId('event-log-submit'));
    await waitFor(() => expect(callsTo('/open/app/event/log/page')).toHaveLength(2));
    expect(callsTo('/open/app/event/log/page')[1]).toMatchObject({ app_guid: 'app-1', event_id: 'evt-42', page_size: 20, with_total: true });
    expect(screen.queryByTestId('event-log-error')).toBeNull();
  });

  it("opens on the event the debug console links to (`?event_id=`)", async () => {
    renderPage('/business/app/app-1/eventSubscriptions?event_id=evt-9');
    await waitFor(() => expect(callsTo('/open/app/event/log/page')).toHaveLength(1));
    expect(callsTo('/open/app/event/log/page')[0]).toMatchObject({ event_id: 'evt-9' });
    expect(within(screen.getByTestId('event-log-search')).getByLabelText('Event ID')).toHaveProperty('value', 'evt-9');
  });
});
