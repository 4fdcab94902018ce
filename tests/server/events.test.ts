import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { larkReceiver, scriptedReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { pruneEvents } from '../../server/events/delivery.ts';
import { LEASE_MIN_S, LEASE_S, MAX_ATTEMPTS, RETENTION_DAYS, RETRY_DELAYS_S } from '../../server/events/policy.ts';
import { config } from '../../server/config.ts';

let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
/** The worker's clock runs this far ahead of the wall clock: stepping it walks the retry schedule. */
let offset = 0;
const later = (seconds: number) => (offset += seconds * 1000);

beforeAll(async () => {
  // Delivery is stepped by the tests (runOnce) on a clock they move.
  s = await startServer({ options: { events: { allowPrivate: true, worker: false, now: () => Date.now() + offset } } });
  [A, B] = [await tenantWithBu(s), await tenantWithBu(s)];
  admin = await s.login();
});
afterAll(() => s?.close());

const post = (path: string, body: unknown = {}, token = A.token) => s.post(path, body, { token, lang: 'en' });
const deliver = async () => {
  let n = 0;
  while ((await s.services.events.runOnce()) > 0) n++;
  return n;
};

/** An app of A with member scopes opened and an endpoint with the URL `url` subscribed to `events`. */
const appWith = async (scopes = ['contact:member:readonly', 'contact:member:write', 'contact:department:readonly']) => {
  const app = (await post('/open/app/create', { name: `Ev ${uid()}`, code: `ev-${uid()}` })).data;
  expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: scopes }, { token: admin })).code).toBe(200);
  const config = (await post('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data;
  return { app, config };
};
const subscribe = async (appGuid: string, codes: string[]) => {
  const r = await post('/open/app/event/subscribe-rel/save', { app_guid: appGuid, event_codes: codes });
  expect(r.code, r.message).toBe(200);
  return r;
};
const addMember = (token = A.token) => post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, token);

describe("event pushes that a receiver built on Lark's node SDK accepts unchanged", () => {
  it('the challenge passes with its measured time; a member added through the console and one through the open API arrive verified and decrypted', async () => {
    const { app, config } = await appWith();
    expect(config.verification_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(config.encrypt_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const receiver = await larkReceiver(config, ['contact.user.created_v3']);
    try {
      const saved = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url });
      expect(saved.code, saved.message).toBe(200);
      expect(saved.data.challenge).toMatchObject({ ok: true, budget_ms: 1000, status: 200 });
      expect(saved.data.challenge.ms).toBeLessThan(1000);
      expect(saved.data.request_url).toBe(receiver.url);
      await subscribe(app.guid, ['contact.user.created_v3']);

      const viaConsole = await addMember();
      expect(viaConsole.code, viaConsole.message).toBe(200);
      const token = (await s.services.appTokens.issue(app.guid, 7200)).app_access_token;
      const viaApi = await s.post('/open/api/v1/member/create', { name: `Api ${uid()}`, job_number: `J${uid()}` }, { headers: { authorization: `Bearer ${token}` } });
      expect(viaApi.code, viaApi.message).toBe(200);
      await deliver();

      expect(receiver.received.map((r) => (r.data.object as { user_id: string }).user_id).sort()).toEqual([viaConsole.data.guid, viaApi.data.guid].sort());
      for (const r of receiver.received) {
        expect(r.data).toMatchObject({ event_type: 'contact.user.created_v3', app_id: app.app_id, tenant_key: A.buGuid, token: config.verification_token });
        expect(r.event_id).toMatch(/^[0-9a-f]{32}$/);
        expect(String(r.data.create_time)).toMatch(/^\d{16}$/);
      }
    } finally {
      await receiver.close();
    }
  });

  it('a push the SDK cannot verify is not handled: the signature covers the body as sent', async () => {
    const { app, config } = await appWith();
    // The receiver holds another Encrypt Key: nothing reaches its handler.
    const wrong = await larkReceiver({ ...config, encrypt_key: 'not-the-key' }, ['contact.user.created_v3']);
    const right = await larkReceiver(config, ['contact.user.created_v3']);
    try {
      expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: right.url })).code).toBe(200);
      await subscribe(app.guid, ['contact.user.created_v3']);
      // Point the stored URL at the wrong receiver without a challenge (as if its keys changed later).
      await s.db.query('update event_config set request_url = $1 where app_guid = $2', [wrong.url, app.guid]);
      await addMember();
      await deliver();
      expect(wrong.received).toEqual([]);
    } finally {
      await wrong.close();
      await right.close();
    }
  });
});

describe('the request URL and its challenge', () => {
  it('is refused with a sentence and the measured time unless the challenge is echoed within 1 s with a 2xx', async () => {
    const { app } = await appWith();
    const cases: [Awaited<ReturnType<typeof scriptedReceiver>>, RegExp][] = [
      [await scriptedReceiver([200]), /did not echo the challenge/],
      // Built as for plain JSON (it echoes a `challenge` it finds in the body): the app's default Encrypt Key sealed it.
      [await scriptedReceiver([200], { echo: true }), /This app has an Encrypt Key, so the challenge was sent encrypted as \{"encrypt": "…"\}: decrypt it with the Encrypt Key .* or remove the Encrypt Key on this page to receive plain JSON\./],
      [await scriptedReceiver([500], { echo: true }), /HTTP status 500/],
      [await scriptedReceiver([200], { echo: true, delayMs: 1300 }), /No answer within 1000 ms/],
    ];
    try {
      for (const [receiver, sentence] of cases) {
        const r = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url });
        expect(r.code).toBe(201);
        expect(r.message).toMatch(/^The request URL did not pass verification: /);
        expect(r.message).toMatch(sentence);
        expect(r.message).toMatch(/\(took [\d.]+ ms\)/);
        expect(r.data.challenge.ok).toBe(false);
      }
      // Nothing was kept.
      expect((await post('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data.request_url).toBeNull();
      // Without an Encrypt Key the challenge is plain JSON, echoed by a plain receiver.
      expect((await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true })).data.encrypt_key).toBeNull();
      const silent = await scriptedReceiver([200]);
      const unechoed = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: silent.url });
      expect(unechoed.data.challenge.reason).toBe('echo');
      expect(unechoed.message).not.toMatch(/Encrypt Key/);
      await silent.close();
      const plain = await scriptedReceiver([200], { echo: true });
      const ok = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: plain.url });
      expect(ok.code, ok.message).toBe(200);
      expect(JSON.parse(plain.hits[0].body)).toMatchObject({ type: 'url_verification', token: ok.data.verification_token });
      await plain.close();
    } finally {
      for (const [r] of cases) await r.close();
    }
  });

  it('only http and https URLs; the debug self-test diagnoses the saved URL', async () => {
    const { app } = await appWith();
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: bad })).code).toBe(201);
    }
    expect((await post('/open/app/event/subscribe-config/check', { app_guid: app.guid })).message).toBe('Save the event request URL first.');
    const receiver = await scriptedReceiver([200], { echo: true });
    await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true });
    expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url })).code).toBe(200);
    const fine = await post('/open/app/event/subscribe-config/check', { app_guid: app.guid });
    expect(fine.data).toMatchObject({ ok: true, request_url: receiver.url, budget_ms: 1000 });
    await receiver.close();
    const gone = await post('/open/app/event/subscribe-config/check', { app_guid: app.guid });
    expect(gone.data).toMatchObject({ ok: false, reason: 'refused', reason_text: 'The connection was refused (nothing listens on that port).' });
  });
});

describe('subscriptions', () => {
  it('an app subscribes only to events of scopes it has opened, at least one; another BU cannot touch them', async () => {
    const { app } = await appWith(['contact:department:readonly']);
    const closed = await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] });
    expect(closed.code).toBe(201);
    expect(closed.message).toMatch(/has not opened the scopes these events need: contact\.user\.created_v3/);
    expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: [] })).message).toMatch(/must name at least one event/);
    expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['no.such_event'] })).code).toBe(201);
    // Events about the app itself need no scope.
    const saved = await subscribe(app.guid, ['contact.department.created_v3', 'application.app.status_changed_v1']);
    expect(saved.data.map((r: { event_code: string }) => r.event_code)).toEqual(['application.app.status_changed_v1', 'contact.department.created_v3']);
    // Saving again adds nothing twice.
    expect((await subscribe(app.guid, ['contact.department.created_v3'])).data).toHaveLength(2);
    const page = await post('/open/app/event/subscribe-rel/page', { app_guid: app.guid, page: 1, page_size: 10 });
    expect(page.data.count).toBe(2);

    for (const [path, body] of [
      ['/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.department.created_v3'] }],
      ['/open/app/event/subscribe-config/get', { app_guid: app.guid }],
      ['/open/app/event/log/page', { app_guid: app.guid, page_size: 10 }],
      ['/open/app/event/log/replay', { app_guid: app.guid }],
      ['/open/app/event/test-send', { app_guid: app.guid, event_code: 'contact.department.created_v3' }],
    ] as const) {
      const r = await post(path, body, B.token);
      expect([r.code, r.message], path).toEqual([201, 'The record does not exist or you have no access to it.']);
    }
    expect((await post('/open/app/event/subscribe-rel/page', { app_guid: app.guid, page: 1, page_size: 10 }, B.token)).data.count).toBe(0);
    const del = await post('/open/app/event/subscribe-rel/delete', { guid: page.data.list[0].guid }, B.token);
    expect(del.code).toBe(201);
    // Operators see and change them through the oversight mount.
    expect((await s.post('/open/admin/event/subscribe-rel/page', { app_guid: app.guid, page: 1, page_size: 10 }, { token: admin })).data.count).toBe(2);
    expect((await s.post('/open/admin/event/info/list', {}, { token: admin })).data.length).toBeGreaterThanOrEqual(8);
  });

  it('the catalogue lists each type with its scope and payload schema; a scope lists its events', async () => {
    const types = (await post('/open/app/event/info/list')).data as { code: string; group_code: string | null; payload_schema: { properties: Record<string, unknown> } }[];
    const user = types.find((t) => t.code === 'contact.user.updated_v3')!;
    expect(user.group_code).toBe('contact:member:readonly');
    expect(Object.keys(user.payload_schema.properties)).toEqual(['object', 'old_object']);
    const group = (await s.post('/open/admin/app-manage/app-auth/api-group-list', {}, { token: admin })).data.find((g: { code: string }) => g.code === 'contact:member:readonly');
    const events = await s.post('/open/api-field/group-event-detail', { guid: group.guid, page: 1, page_size: 10 });
    expect(events.data).toMatchObject({ count: 3, list: [{ api_code: 'contact.user.created_v3', category: 2 }, { api_code: 'contact.user.deleted_v3' }, { api_code: 'contact.user.updated_v3' }] });
  });
});

describe('delivery from the outbox', () => {
  const endpoint = async (statuses: number[], codes = ['contact.user.created_v3']) => {
    const { app, config } = await appWith();
    await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true });
    const receiver = await scriptedReceiver([200, ...statuses], { echo: true });
    expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url })).code).toBe(200);
    await subscribe(app.guid, codes);
    receiver.hits.length = 0;
    return { app, config, receiver, pushes: () => receiver.hits.map((h) => JSON.parse(h.body)) };
  };

  it('a receiver answering 500 twice and then 200 gets the event three times, with one event_id, and never again', async () => {
    const { receiver, pushes } = await endpoint([500, 500, 200]);
    const member = await addMember();
    await deliver();
    expect(receiver.hits).toHaveLength(1);
    // Not due again before the schedule says so.
    later(RETRY_DELAYS_S[0] - 1);
    await deliver();
    expect(receiver.hits).toHaveLength(1);
    later(1);
    await deliver();
    later(RETRY_DELAYS_S[1]);
    await deliver();
    later(86_400 * 3);
    await deliver();
    expect(receiver.hits).toHaveLength(3);
    const ids = new Set(pushes().map((p) => p.header.event_id));
    expect(ids.size).toBe(1);
    expect(pushes()[0].event.object.user_id).toBe(member.data.guid);
    expect(receiver.hits.map((h) => h.headers['x-open-attempt'])).toEqual(['1', '2', '3']);
    await receiver.close();
  });

  it('every push carries X-Open-Signature, an HMAC of the timestamp and the raw body with the signing secret', async () => {
    const { config, receiver } = await endpoint([200]);
    await addMember();
    await deliver();
    const [hit] = receiver.hits;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit.headers['x-open-signature']))!;
    // Signed when sent, by the worker's clock.
    expect(Math.abs(Number(t) - (Date.now() + offset) / 1000)).toBeLessThan(300);
    expect(v1).toBe(createHmac('sha256', config.signing_secret).update(`${t}.${hit.body}`).digest('hex'));
    await receiver.close();
  });

  it(`after ${MAX_ATTEMPTS} failed attempts an event is failed; the log shows each attempt and replay sends it again with the same event_id`, async () => {
    const { app, receiver, pushes } = await endpoint([503]);
    await addMember();
    for (let i = 0; i <= RETRY_DELAYS_S.length; i++) {
      await deliver();
      later((RETRY_DELAYS_S[i] ?? 0) + 1);
    }
    await deliver();
    expect(receiver.hits).toHaveLength(MAX_ATTEMPTS);
    const log = await post('/open/app/event/log/page', { app_guid: app.guid, page_size: 5, to: new Date(Date.now() + offset).toISOString(), from: new Date(Date.now() + offset - 6 * 86_400_000).toISOString() });
    expect(log.code, log.message).toBe(200);
    expect(log.data.count).toBe(MAX_ATTEMPTS);
    expect(log.data.list[0]).toMatchObject({ attempt: MAX_ATTEMPTS, http_status: 503, state: 'failed', answer: '{}' });
    expect(log.data.next).toMatch(/\|/);
    const page2 = await post('/open/app/event/log/page', { app_guid: app.guid, page_size: 5, cursor: log.data.next, with_total: false, to: new Date(Date.now() + offset).toISOString(), from: new Date(Date.now() + offset - 6 * 86_400_000).toISOString() });
    expect(page2.data.list.map((r: { attempt: number }) => r.attempt)).toEqual([5, 4, 3, 2, 1]);

    const eventId = log.data.list[0].event_id;
    const replayed = await post('/open/app/event/log/replay', { app_guid: app.guid, event_ids: [eventId], to: new Date(Date.now() + offset).toISOString(), from: new Date(Date.now() + offset - 6 * 86_400_000).toISOString() });
    expect(replayed.data).toEqual({ replayed: 1, event_ids: [eventId] });
    await deliver();
    expect(receiver.hits).toHaveLength(MAX_ATTEMPTS + 1);
    expect(new Set(pushes().map((p) => p.header.event_id))).toEqual(new Set([eventId]));
    // A replay starts a fresh schedule: retried again after the first delay.
    later(RETRY_DELAYS_S[0] + 1);
    await deliver();
    expect(receiver.hits).toHaveLength(MAX_ATTEMPTS + 2);
    await receiver.close();
  });

  it('an endpoint failing for 3 days is paused (the log and the endpoint say so) and saving its URL again resumes it', async () => {
    const { app, receiver } = await endpoint([500]);
    await addMember();
    await deliver();
    later(86_400 * 3 + 60);
    await addMember();
    // The second event's first attempt fails three days after the first failure: paused.
    await s.db.query('update event_message set next_attempt_at = now() where app_guid = $1', [app.guid]);
    await deliver();
    const config = (await post('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data;
    expect(config.paused_at).not.toBeNull();
    const before = receiver.hits.length;
    later(86_400);
    await deliver();
    expect(receiver.hits.length).toBe(before);
    const log = await post('/open/app/event/log/page', { app_guid: app.guid, page_size: 10, to: new Date(Date.now() + offset).toISOString(), from: new Date(Date.now() + offset - 6 * 86_400_000).toISOString() });
    expect(log.data.list[0].state).toBe('paused');
    receiver.hits.length = 0;
    const resumed = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url });
    expect(resumed.code).toBe(201); // the receiver answers 500 now, so the challenge fails and nothing resumes
    await receiver.close();
    const healthy = await scriptedReceiver([200], { echo: true });
    expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: healthy.url })).data.paused_at).toBeNull();
    await deliver();
    expect(healthy.hits.length).toBeGreaterThanOrEqual(3);
    await healthy.close();
  });

  it('a change that rolls back writes no event; nobody subscribed writes none', async () => {
    const { app } = await endpoint([200]);
    const job = `J${uid()}`;
    expect((await post('/open/system/member/add', { name: 'One', job_number: job })).code).toBe(200);
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from event_message where app_guid = $1', [app.guid])).rows[0].n;
    // A duplicate job number is refused inside the transaction.
    expect((await post('/open/system/member/add', { name: 'Two', job_number: job })).code).toBe(201);
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from event_message where app_guid = $1', [app.guid])).rows[0].n).toBe(before);
    // B's member changes reach none of A's apps.
    await addMember(B.token);
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from event_message where app_guid = $1', [app.guid])).rows[0].n).toBe(before);
  });

  it("members' updates and deletes and departments carry Lark's shapes; an app's own status and scopes reach only that app", async () => {
    const { app, receiver, pushes } = await endpoint([200], ['contact.user.updated_v3', 'contact.user.deleted_v3', 'contact.department.created_v3', 'application.app.status_changed_v1', 'application.permission.changed_v1']);
    const member = (await addMember()).data;
    expect((await post('/open/system/member/update', { guid: member.guid, name: 'Renamed' })).code).toBe(200);
    expect((await post('/open/system/member/delete', { guid: member.guid })).code).toBe(200);
    const dept = (await post('/open/system/department/add', { name: `D ${uid()}` })).data;
    // Moving members into a department changes them.
    const moved = (await addMember()).data;
    expect((await post('/open/system/department/bind-users', { guid: dept.guid, user_guids: [moved.guid] })).code).toBe(200);
    expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['org:project:readonly'] }, { token: admin })).code).toBe(200);
    expect((await post('/open/app/update-status', { guid: app.guid, status: 1 })).code).toBe(200);
    expect((await post('/open/app/update-status', { guid: app.guid, status: 0 })).code).toBe(200);
    await deliver();
    const byType = Object.fromEntries(pushes().map((p) => [p.header.event_type, p.event]));
    const updates = pushes().filter((p) => p.header.event_type === 'contact.user.updated_v3').map((p) => p.event);
    // Each member and department by this app's ids; old_object holds the member's ids and only what changed.
    const ids = s.services.larkIds.forApp(app.guid, app.bu_guid);
    const idsOf = (guid: string) => ({ open_id: ids.openId(guid), union_id: ids.unionId(guid), user_id: guid });
    expect(updates).toEqual(expect.arrayContaining([
      { object: expect.objectContaining({ ...idsOf(member.guid), name: 'Renamed', department_ids: ['0'] }), old_object: { ...idsOf(member.guid), name: member.name } },
      { object: expect.objectContaining({ ...idsOf(moved.guid), department_ids: [ids.openDepartmentId(dept.guid)] }), old_object: { ...idsOf(moved.guid), department_ids: ['0'] } },
    ]));
    expect(byType['contact.user.deleted_v3']).toEqual({ object: expect.objectContaining({ ...idsOf(member.guid), name: 'Renamed', status: { is_resigned: false } }) });
    expect(byType['contact.department.created_v3']).toEqual({
      object: { open_department_id: ids.openDepartmentId(dept.guid), department_id: dept.guid, name: dept.name, parent_department_id: '0', order: String(dept.sort ?? 0), status: { is_deleted: false } },
    });
    // No platform row leaks beside Lark's fields.
    expect(JSON.stringify(pushes().filter((p) => p.header.event_type.startsWith('contact.')))).not.toMatch(/"(guid|bu_guid|department_guid|created_at)"/);
    expect(byType['application.permission.changed_v1'].scopes).toContain('org:project:readonly');
    // Disabled apps get nothing; enabling it again is its first event after.
    expect(byType['application.app.status_changed_v1']).toEqual({ app_id: app.app_id, status: 0 });
    await receiver.close();
  });

  it('test-send pushes a sample of a subscribed type through the outbox', async () => {
    const { app, pushes, receiver } = await endpoint([200]);
    expect((await post('/open/app/event/test-send', { app_guid: app.guid, event_code: 'contact.user.deleted_v3' })).message).toMatch(/does not subscribe/);
    const sent = await post('/open/app/event/test-send', { app_guid: app.guid, event_code: 'contact.user.created_v3' });
    expect(sent.code, sent.message).toBe(200);
    await deliver();
    expect(pushes()[0]).toMatchObject({ schema: '2.0', header: { event_id: sent.data.event_id, event_type: 'contact.user.created_v3' }, event: { object: { name: expect.any(String) } } });
    await receiver.close();
  });
});

describe('retention', () => {
  it(`events and attempts older than ${RETENTION_DAYS} days go; younger ones stay`, async () => {
    const { app } = await appWith();
    const row = (id: string, days: number) =>
      s.db.query(
        `insert into event_message (event_id, app_guid, bu_guid, event_type, payload, create_time, state, created_at) values ($1, $2, $3, 'contact.user.created_v3', '{}', '0', 1, now() - make_interval(days => $4));
         `,
        [id, app.guid, A.buGuid, days],
      );
    const old = uid().padEnd(32, '0');
    const young = uid().padEnd(32, '1');
    await row(old, RETENTION_DAYS + 1);
    await row(young, RETENTION_DAYS - 1);
    for (const [id, days] of [[old, RETENTION_DAYS + 1], [young, RETENTION_DAYS - 1]] as const) {
      await s.db.query(
        `insert into event_attempt (id, event_id, app_guid, bu_guid, event_type, attempt, http_status, ms, answer, created_at)
         values (gen_random_uuid(), $1, $2, $3, 'contact.user.created_v3', 1, 200, 1, '', now() - make_interval(days => $4))`,
        [id, app.guid, A.buGuid, days],
      );
    }
    await pruneEvents(s.db);
    const left = async (table: string) => (await s.db.query<{ event_id: string }>(`select event_id from ${table} where event_id = any($1::text[])`, [[old, young]])).rows.map((r) => r.event_id);
    expect(await left('event_message')).toEqual([young]);
    expect(await left('event_attempt')).toEqual([young]);
  });
});

describe('outgoing requests refuse private addresses unless ALLOW_PRIVATE_WEBHOOKS', () => {
  let strict: TestServer;
  let T: Awaited<ReturnType<typeof tenantWithBu>>;
  beforeAll(async () => {
    strict = await startServer({ options: { events: { worker: false } } });
    T = await tenantWithBu(strict);
  });
  afterAll(() => strict?.close());

  it('loopback, private, link-local, metadata and a name resolving to loopback are refused', async () => {
    const receiver = await scriptedReceiver([200], { echo: true });
    const port = new URL(receiver.url).port;
    const app = (await strict.post('/open/app/create', { name: `S ${uid()}`, code: `s-${uid()}` }, { token: T.token })).data;
    try {
      for (const url of [receiver.url, `http://10.1.2.3:${port}/hook`, 'http://169.254.169.254/latest/meta-data', `http://[::1]:${port}/hook`, `http://localhost:${port}/hook`, 'http://192.168.0.1/x',
        // IPv4 inside IPv6: mapped, and the deprecated IPv4-compatible form (`::7f00:1`), which the filter's ranges call unicast.
        `http://[::ffff:127.0.0.1]:${port}/hook`, `http://[::127.0.0.1]:${port}/hook`, 'http://[::10.1.2.3]/x']) {
        const r = await strict.post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: url }, { token: T.token, lang: 'en' });
        expect([r.code, r.data?.challenge?.reason], url).toEqual([201, 'blocked']);
        expect(r.message).toMatch(/loopback, private, link-local or a cloud metadata address/);
      }
      expect(receiver.hits).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

// What the lease does is seen where an instance dies: the killed server's own lease, not LEASE_S, ends
// before its events go again (tests/server/lark-ws.test.ts, event-outbox.test.ts, multi-instance.test.ts).
describe('EVENT_LEASE_S', () => {
  afterEach(() => vi.unstubAllEnvs());
  it('is LEASE_S when unset, the instance\'s own when set, and refused below LEASE_MIN_S in one sentence', () => {
    vi.stubEnv('EVENT_LEASE_S', '');
    expect(config().eventLeaseS).toBe(LEASE_S);
    vi.stubEnv('EVENT_LEASE_S', '12');
    expect(config().eventLeaseS).toBe(12);
    vi.stubEnv('EVENT_LEASE_S', String(LEASE_MIN_S - 1));
    expect(() => config()).toThrow(`EVENT_LEASE_S must be at least ${LEASE_MIN_S} seconds, not ${LEASE_MIN_S - 1}`);
    vi.stubEnv('EVENT_LEASE_S', 'soon');
    expect(() => config()).toThrow('EVENT_LEASE_S must be a positive whole number, not "soon".');
  });
});
