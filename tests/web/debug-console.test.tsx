import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError, post } from '../../dataProvider/http.ts';
import { storagePrefix, store } from '../../dataProvider/session.ts';
import { loadLanguage } from '../../i18n/client.ts';
import { formSchemaOf, operationsOf } from '../../src/pages/developer/openapi.ts';
import DebugConsole from '../../src/pages/developer/DebugConsole.tsx';
import { createValidator } from '../../src/pages/developer/validator.ts';
import { LangProvider } from '../../src/shell/LangContext.tsx';

/**
 * The open API's debug console (/developer/console) against a mocked server: the console calls
 * (`post`) answer the BU's apps and a debug token; `fetch` answers the OpenAPI document and the
 * API call itself.
 */
vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));

const TOKEN = 'real-app-token-0123456789abcdefghijklmnopqrstuvwxyz';
const MEMBER_PAGE = '/open/api/v1/member/page';
const MEMBER_GET = '/open/api/v1/member/get';
const SCOPE = 'contact:member:readonly';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const DOC = {
  openapi: '3.1.0',
  paths: {
    '/open/api/auth/app-access-token': { post: { summary: "An app's access token", security: [], requestBody: json({ type: 'object', properties: { app_id: { type: 'string' } } }) } },
    '/open/api/v1/app/info': { post: { summary: "The calling app's own information", operationId: 'app.info', security: [{ bearer: [] }], requestBody: json({ type: 'object' }) } },
    [MEMBER_PAGE]: {
      post: {
        summary: "A page of the BU's members", operationId: 'member.page', 'x-scope': SCOPE, security: [{ bearer: [] }],
        requestBody: json({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { page: { type: 'integer', minimum: 1 }, keyword: { type: 'string' }, account_type: {} } }),
      },
    },
    [MEMBER_GET]: {
      post: {
        summary: 'One member by guid', operationId: 'member.get', 'x-scope': SCOPE, security: [{ bearer: [] }],
        requestBody: json({ type: 'object', properties: { guid: { type: 'string', format: 'uuid' } }, required: ['guid'] }),
      },
    },
  },
};
const APPS = [
  { guid: 'app-1', name: 'Alpha', code: 'alpha', app_id: 'cli_alpha', type: 1, status: 0 },
  { guid: 'app-2', name: 'Beta', code: 'beta', app_id: 'cli_beta', type: 1, status: 1 },
];

/** What the API call answers next; each test sets its own. */
let answer: () => Response;
/** The app's event calls: its subscriptions and the endpoint's self-test. */
let subscribed: string[];
let endpointCheck: () => unknown;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (url === '/open/api/openapi.json' ? new Response(JSON.stringify(DOC), { status: 200 }) : answer()));
const envelope = (body: object, status = 200, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req-42', ...headers } });
const apiCalls = () => fetchMock.mock.calls.filter(([url]) => url !== '/open/api/openapi.json');

const errors = vi.spyOn(console, 'error');

// The UI's messages and the page's own (registered when the page's module loaded).
beforeAll(() => loadLanguage('en'));

beforeEach(() => {
  localStorage.clear();
  store.set('language', 'en');
  fetchMock.mockClear();
  errors.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  answer = envelope({ code: 200, data: { list: [{ name: 'Ann' }], count: 1 }, message: 'ok' });
  subscribed = ['contact.user.created_v3'];
  endpointCheck = () => ({ request_url: 'https://example.com/hook', ok: true, ms: 12, budget_ms: 1000, status: 200 });
  vi.mocked(post).mockReset();
  vi.mocked(post).mockImplementation(async (path: string, body?: unknown) => {
    if (path === '/open/app/debug/app-list') return APPS as never;
    if (path === '/open/app/debug/app-token') {
      if ((body as { guid: string }).guid === 'app-2') throw new CallError('This app is disabled.', 200, 201);
      return { app_access_token: TOKEN, expire: 7200 } as never;
    }
    if (path === '/open/app/event/subscribe-rel/page') return { list: subscribed.map((event_code) => ({ guid: `r-${event_code}`, event_code })), count: subscribed.length } as never;
    if (path === '/open/app/event/subscribe-config/check') return endpointCheck() as never;
    if (path === '/open/app/event/test-send') return { event_id: 'evt-sample-1' } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The page logs nothing (React and MUI warnings land in console.error).
  expect(errors).not.toHaveBeenCalled();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/developer/console']}>
      <LangProvider>
        {/* The page suspends until its own messages are in. */}
        <Suspense fallback={null}>
          <DebugConsole />
        </Suspense>
      </LangProvider>
    </MemoryRouter>,
  );

const pickApp = async (name: string) => {
  fireEvent.mouseDown(within(await screen.findByTestId('debug-app')).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
};

const openApis = async () => {
  const input = within(screen.getByTestId('debug-api')).getByRole('combobox');
  await waitFor(() => expect(input.closest('.MuiAutocomplete-root')?.querySelector('[role="progressbar"]')).toBeNull());
  fireEvent.mouseDown(input);
  return screen.findByRole('listbox');
};

const pickApi = async (summary: string) => {
  fireEvent.click(within(await openApis()).getByRole('option', { name: new RegExp(summary) }));
};

const getToken = async () => {
  fireEvent.click(within(screen.getByTestId('debug-token')).getByRole('button', { name: /get token/i }));
  await within(screen.getByTestId('debug-token')).findByText(/expires at/);
};

/** App Alpha with a token, the member page API, page 2 and keyword "ann" filled in. */
const readyToSend = async () => {
  renderPage();
  await pickApp('Alpha');
  await getToken();
  await pickApi('members');
  fireEvent.change(screen.getByLabelText('page'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('keyword'), { target: { value: 'ann' } });
};

const send = async () => {
  const before = apiCalls().length;
  fireEvent.click(screen.getByTestId('debug-send'));
  await waitFor(() => expect(apiCalls()).toHaveLength(before + 1));
  // The button is busy until the answer is read and shown.
  await waitFor(() => expect(screen.getByTestId('debug-send').className).not.toMatch(/MuiButton-loading\b/));
};

describe('debug console', () => {
  it("lists the BU's apps and the app-token APIs of the OpenAPI document (not the token call), each with its scope", async () => {
    renderPage();
    await pickApp('Alpha');
    expect(within(screen.getByTestId('debug-app')).getByRole('combobox').textContent).toContain('Alpha');
    const list = await openApis();
    const options = within(list).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(3);
    expect(options.join('\n')).not.toMatch(/access token/);
    expect(options.find((o) => o?.includes('members'))).toMatch(new RegExp(`POST ${MEMBER_PAGE}.*Needs the scope ${SCOPE}`));
    expect(options.find((o) => o?.includes('own information'))).toMatch(/Needs no scope/);
  });

  it('a BU without apps links to where apps are made', async () => {
    vi.mocked(post).mockResolvedValue([] as never);
    renderPage();
    expect((await screen.findByRole('link', { name: 'Create an app' })).getAttribute('href')).toBe('/business/app');
  });

  it('gets the app token on one click and shows it abbreviated with its expiry, never whole', async () => {
    renderPage();
    await pickApp('Alpha');
    expect(screen.getByTestId('debug-send')).toHaveProperty('disabled', true);
    await getToken();
    expect(post).toHaveBeenCalledWith('/open/app/debug/app-token', { guid: 'app-1' }, expect.anything());
    const shown = screen.getByTestId('debug-token').textContent!;
    expect(shown).toContain(TOKEN.slice(0, 6));
    expect(shown).not.toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
  });

  it("a disabled app's token is refused with the server's sentence", async () => {
    renderPage();
    await pickApp('Beta');
    fireEvent.click(screen.getByRole('button', { name: /get token/i }));
    expect(await screen.findByText('This app is disabled.')).toBeTruthy();
  });

  it('sends the form as the JSON body with the app token and shows status, code, time, request id and body', async () => {
    await readyToSend();
    await send();
    const [url, init] = apiCalls()[0];
    expect(url).toBe(MEMBER_PAGE);
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` } });
    expect(JSON.parse(init!.body as string)).toEqual({ page: 2, keyword: 'ann' });
    const status = screen.getByTestId('debug-status').textContent;
    expect(status).toContain('HTTP 200');
    expect(status).toContain('code 200');
    expect(status).toMatch(/\d+ ms/);
    expect(screen.getByText('req-42')).toBeTruthy();
    expect(screen.getByTestId('debug-response').textContent).toContain('"name": "Ann"');
  });

  it('the curl and fetch snippets are exactly that request, with a placeholder for the token', async () => {
    await readyToSend();
    await send();
    const sent = apiCalls()[0][1]!.body as string;
    const curl = screen.getByTestId('debug-curl').textContent!;
    const code = screen.getByTestId('debug-fetch').textContent!;
    for (const snippet of [curl, code]) {
      expect(snippet).toContain(`${window.location.origin}${MEMBER_PAGE}`);
      expect(snippet).toContain('Bearer <app_access_token>');
      expect(snippet).not.toContain(TOKEN);
    }
    expect(curl).toContain(`--data-raw '${sent}'`);
    expect(JSON.parse(code.match(/body: JSON\.stringify\(([\s\S]*)\),\n\}\);/)![1])).toEqual(JSON.parse(sent));

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy curl' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(curl));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('a missing scope shows the sentence and a link to apply, on this site whatever host the answer names', async () => {
    const help = 'https://elsewhere.example/business/app/app-1/permission';
    answer = envelope({ code: 201, message: `This app has not been granted the scope ${SCOPE}.`, data: { permission_violations: [{ type: 'action_scope_required', subject: SCOPE }], help_url: help } });
    await readyToSend();
    await send();
    const alert = screen.getByTestId('debug-scope-missing');
    expect(alert.textContent).toContain(`This app has not been granted the scope ${SCOPE}.`);
    expect(within(alert).getByRole('link', { name: `Apply for ${SCOPE}` }).getAttribute('href')).toBe('/business/app/app-1/permission');
    expect(screen.getByTestId('debug-status').textContent).toContain('code 201');
  });

  it('a 401 answer drops the token: the next call needs a new one', async () => {
    answer = envelope({ code: 201, message: 'The app access token is missing, invalid or expired.', data: null }, 401);
    await readyToSend();
    await send();
    expect(screen.getByText('The app access token is missing, invalid or expired.')).toBeTruthy();
    expect(screen.getByTestId('debug-send')).toHaveProperty('disabled', true);
    expect(within(screen.getByTestId('debug-token')).getByRole('button', { name: /get token/i })).toBeTruthy();
  });

  it('the form checks the body against its schema before sending, in the page language', async () => {
    renderPage();
    await pickApp('Alpha');
    await getToken();
    await pickApi('One member');
    fireEvent.click(screen.getByTestId('debug-send'));
    expect(await screen.findByText('Required.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/guid/), { target: { value: 'not-a-guid' } });
    fireEvent.click(screen.getByTestId('debug-send'));
    expect(await screen.findByText('Must be a valid uuid.')).toBeTruthy();
    expect(apiCalls()).toHaveLength(0);
  });

  it('a field open to any value is one labelled input: JSON is sent as that value, other text as a string', async () => {
    await readyToSend();
    fireEvent.change(screen.getByLabelText('account_type'), { target: { value: '1' } });
    await send();
    expect(JSON.parse(apiCalls()[0][1]!.body as string)).toEqual({ page: 2, keyword: 'ann', account_type: 1 });
    fireEvent.change(screen.getByLabelText('account_type'), { target: { value: 'staff' } });
    await send();
    expect(JSON.parse(apiCalls()[1][1]!.body as string).account_type).toBe('staff');
  });

  it('keeps each API its own body while switching', async () => {
    await readyToSend();
    await pickApi('own information');
    expect(screen.getByText('This API takes no fields: its body is {}.')).toBeTruthy();
    await pickApi('members');
    expect(screen.getByLabelText('keyword')).toHaveProperty('value', 'ann');
  });

  it("keeps each app's last requests in this browser; picking one restores its API and body; clear empties it", async () => {
    await readyToSend();
    await send();
    const key = `${storagePrefix()}debug-history:app-1`;
    const kept = JSON.parse(localStorage.getItem(key)!);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ path: MEMBER_PAGE, body: { page: 2, keyword: 'ann' }, status: 200, code: 200 });
    expect(JSON.stringify(kept)).not.toContain(TOKEN);

    // Another app has a history of its own.
    await pickApp('Beta');
    expect(within(screen.getByTestId('debug-history')).getByText('No requests yet.')).toBeTruthy();
    expect(localStorage.getItem(`${storagePrefix()}debug-history:app-2`)).toBeNull();

    // Back on Alpha with another API picked, the entry brings back the member page and its body.
    await pickApp('Alpha');
    await pickApi('own information');
    fireEvent.click(within(screen.getByTestId('debug-history')).getByRole('button', { name: new RegExp(MEMBER_PAGE) }));
    await waitFor(() => expect(within(screen.getByTestId('debug-api')).getByRole('combobox')).toHaveProperty('value', `A page of the BU's members (${MEMBER_PAGE})`));
    expect(screen.getByLabelText('keyword')).toHaveProperty('value', 'ann');
    expect(screen.getByLabelText('page')).toHaveProperty('value', '2');

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(localStorage.getItem(key)).toBeNull();
    expect(within(screen.getByTestId('debug-history')).getByText('No requests yet.')).toBeTruthy();
  });

  it("tests the app's event endpoint: the challenge's time against its 1000 ms budget, or why it failed", async () => {
    renderPage();
    expect(within(screen.getByTestId('debug-events')).getByText(/Pick an app/)).toBeTruthy();
    await pickApp('Alpha');
    const events = screen.getByTestId('debug-events');
    fireEvent.click(within(events).getByRole('button', { name: 'Test endpoint' }));
    expect((await within(events).findByTestId('debug-endpoint-result')).textContent).toBe('https://example.com/hook answered the challenge in 12 ms (budget 1000 ms).');
    expect(post).toHaveBeenCalledWith('/open/app/event/subscribe-config/check', { app_guid: 'app-1' }, expect.anything());

    endpointCheck = () => ({ request_url: 'https://example.com/hook', ok: false, ms: 1003, budget_ms: 1000, status: 0, reason: 'timeout', reason_text: 'No answer within 1000 ms.' });
    fireEvent.click(within(events).getByRole('button', { name: 'Test endpoint' }));
    await waitFor(() => expect(within(events).getByTestId('debug-endpoint-result').textContent).toBe('https://example.com/hook failed the challenge: No answer within 1000 ms. (1003 ms; budget 1000 ms)'));

    endpointCheck = () => {
      throw new CallError('Save the event request URL first.', 200, 201);
    };
    fireEvent.click(within(events).getByRole('button', { name: 'Test endpoint' }));
    await waitFor(() => expect(within(events).getByTestId('debug-endpoint-result').textContent).toBe('Save the event request URL first.'));
  });

  it("sends a test event of a subscribed type and links to it in the app's event log", async () => {
    renderPage();
    await pickApp('Alpha');
    const events = screen.getByTestId('debug-events');
    await waitFor(() => expect(within(within(events).getByTestId('debug-event-type')).getByRole('combobox').textContent).toBe('contact.user.created_v3'));
    fireEvent.click(within(events).getByRole('button', { name: 'Send test event' }));
    const result = await within(events).findByTestId('debug-test-result');
    expect(result.textContent).toContain('event_id evt-sample-1');
    expect(post).toHaveBeenCalledWith('/open/app/event/test-send', { app_guid: 'app-1', event_code: 'contact.user.created_v3' }, expect.anything());
    expect(within(result).getByRole('link', { name: 'See it in the event log' }).getAttribute('href')).toBe('/business/app/app-1/eventSubscriptions?event_id=evt-sample-1');
  });

  it('an app without subscriptions is sent to its events page to subscribe', async () => {
    subscribed = [];
    renderPage();
    await pickApp('Alpha');
    const link = await within(screen.getByTestId('debug-events')).findByRole('link', { name: "Subscribe on the app's events page" });
    expect(link.getAttribute('href')).toBe('/business/app/app-1/eventSubscriptions');
    expect(within(screen.getByTestId('debug-events')).queryByRole('button', { name: 'Send test event' })).toBeNull();
  });

  it('keeps only the last 10 requests of an app', async () => {
    await readyToSend();
    for (let i = 0; i < 11; i++) await send();
    const kept = JSON.parse(localStorage.getItem(`${storagePrefix()}debug-history:app-1`)!);
    expect(kept).toHaveLength(10);
  });
});

describe('schemas for the form', () => {
  it('operations are the calls with a security requirement; the schema is made drawable as a form', () => {
    expect(operationsOf(DOC).map((o) => o.operationId)).toEqual(['app.info', 'member.get', 'member.page']);
    const consts = [{ type: 'number', const: 0 }, { type: 'number', const: 1 }];
    expect(formSchemaOf({ $schema: 'x', type: 'object', properties: { d: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }], default: null }, kind: { default: 0, anyOf: consts }, name: {} } })).toEqual({
      type: 'object',
      properties: {
        // nullable: drawn as its type
        d: { type: 'string', format: 'uuid', default: null },
        // a choice of numbers: a select needs their type
        kind: { type: 'number', default: 0, anyOf: consts },
        // open to any value: rjsf draws nothing for {}, OpenValueField draws this
        name: { title: 'name' },
      },
    });
  });

  it('the validator needs no eval (the CSP forbids it) and reads the keywords zod writes', () => {
    const v = createValidator((key, params) => `${key} ${JSON.stringify(params ?? {})}`);
    const schema = {
      type: 'object' as const,
      properties: {
        name: { type: 'string' as const, minLength: 1, maxLength: 3 },
        kind: { anyOf: [{ type: 'number' as const, const: 0 }, { type: 'number' as const, const: 1 }] },
        tags: { type: 'array' as const, items: { type: 'string' as const, pattern: '^[a-z]+$' }, maxItems: 2 },
        page: { type: 'integer' as const, minimum: 1 },
      },
      required: ['name'],
    };
    expect(v.isValid(schema, { name: 'ab', kind: 1, tags: ['x'], page: 1 }, schema)).toBe(true);
    const { errors } = v.validateFormData({ name: 'abcd', kind: 2, tags: ['X', 'y', 'z'], page: 1.5 }, schema);
    expect(errors.map((e) => `${e.property} ${e.name}`).sort()).toEqual(['.kind any_of', '.name max_length', '.page type', '.tags max_items', '.tags.0 pattern']);
    expect(v.validateFormData({}, schema).errors.map((e) => e.property)).toEqual(['.name']);
  });
});
