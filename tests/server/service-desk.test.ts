import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { PNG, upload } from '../helpers/upload.ts';

/**
 * The service desk (docs/service-desk.md): work orders move through their states only by the side
 * and from the states the definition allows, each move and reply is a record of the conversation,
 * the evaluation closes with a rating, and no other BU reads or writes any of it.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let op: string;
beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  op = await s.login();
});
afterAll(() => s?.close());

const raise = async (token = A.token, extra: Record<string, unknown> = {}) => {
  const r = await s.post('/open/app/work-order/save', { title: `Cannot sign in ${uid()}`, description: 'Frozen account.', category: 0, ...extra }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data as { guid: string; number: string; state: number };
};
const move = (side: 'tenant' | 'operator', guid: string, status: number, extra: Record<string, unknown> = {}) =>
  s.post(side === 'tenant' ? '/open/app/work-order/update-status' : '/open/admin/work-order/update-status', { guid, status, ...extra }, { token: side === 'tenant' ? A.token : op });
/** A work order of A brought to `state` by the allowed moves. */
const inState = async (state: number) => {
  const wo = await raise();
  const path: [side: 'tenant' | 'operator', to: number, extra?: Record<string, unknown>][] = [['operator', 1], ['operator', 2], ['tenant', 3, { rating: 5 }]];
  for (const [side, to, extra] of path.slice(0, state)) expect((await move(side, wo.guid, to, extra)).code).toBe(200);
  return wo;
};

describe('work order states', () => {
  it('a new work order is to be assigned, numbered, with its raising as the first record', async () => {
    const wo = await raise();
    expect(wo.state).toBe(0);
    expect(wo.number).toMatch(/^WO\d{8}\d{6}$/);
    const got = await s.post('/open/app/work-order/get', { guid: wo.guid }, { token: A.token });
    expect(got.data.records).toHaveLength(1);
    expect(got.data.records[0]).toMatchObject({ kind: 1, side: 'tenant', from_state: null, to_state: 0 });
    // The state is the server's: a body cannot set it.
    const forced = await s.post('/open/app/work-order/save', { title: 'x', description: 'y', state: 3 }, { token: A.token });
    expect(forced.code).toBe(200);
    expect(forced.data.state).toBe(0);
  });

  // Every move from every state on each side: allowed only where the definition says.
  const allowed: Record<string, number> = { 'operator 0→1': 1, 'operator 1→2': 1, 'tenant 2→3': 1, 'tenant 2→1': 1 };
  for (const from of [0, 1, 2, 3]) {
    for (const side of ['tenant', 'operator'] as const) {
      for (const to of [0, 1, 2, 3].filter((t) => t !== from)) {
        const key = `${side} ${from}→${to}`;
        it(`${key} is ${allowed[key] ? 'allowed' : 'refused with a sentence'}`, async () => {
          const wo = await inState(from);
          const r = await move(side, wo.guid, to, to === 3 ? { rating: 4, comment: 'Quick, thanks' } : {});
          if (allowed[key]) {
            expect(r.code, r.message).toBe(200);
            expect(r.data.state).toBe(to);
          } else {
            expect(r.code).toBe(201);
            expect(r.message).toMatch(/is "|cannot be changed/);
            const got = await s.post('/open/admin/work-order/get', { guid: wo.guid }, { token: op });
            expect(got.data.state).toBe(from);
          }
        });
      }
    }
  }

  it('the evaluation needs a rating from 1 to 5, keeps the comment and closes with a record of it', async () => {
    const wo = await inState(2);
    for (const bad of [{}, { rating: 0 }, { rating: 6 }, { rating: 2.5 }]) {
      const r = await move('tenant', wo.guid, 3, bad);
      expect(r.code, JSON.stringify(bad)).toBe(201);
      expect(r.message).toMatch(/Rating/);
    }
    const r = await move('tenant', wo.guid, 3, { rating: 4, comment: 'Solved in an hour' });
    expect(r.data).toMatchObject({ state: 3, rating: 4, comment: 'Solved in an hour' });
    const records = (await s.post('/open/app/work-order/get', { guid: wo.guid }, { token: A.token })).data.records;
    expect(records.map((x: { to_state: number; side: string }) => `${x.side}:${x.to_state}`)).toEqual(['tenant:0', 'operator:1', 'operator:2', 'tenant:3']);
    expect(records.at(-1).content).toBe('Solved in an hour');
  });

  it('counts by state and open for the badge, for the caller’s BU only', async () => {
    const C = await tenantWithBu(s);
    const mine = async () => (await s.post('/open/app/work-order/count', {}, { token: C.token })).data;
    expect(await mine()).toEqual({ counts: { '0': 0, '1': 0, '2': 0, '3': 0 }, open: 0 });
    const a = await raise(C.token);
    await raise(C.token);
    await s.post('/open/admin/work-order/update-status', { guid: a.guid, status: 1 }, { token: op });
    expect(await mine()).toEqual({ counts: { '0': 1, '1': 1, '2': 0, '3': 0 }, open: 2 });
  });
});

describe('conversation', () => {
  it('both sides reply; the replies are records in order with their authors; a closed work order takes none', async () => {
    const wo = await raise();
    expect((await s.post('/open/admin/work-order-record/save', { work_order_guid: wo.guid, content: 'Unfrozen now, try again.' }, { token: op })).code).toBe(200);
    const mine = await s.post('/open/app/work-order-record/save', { work_order_guid: wo.guid, content: 'Works, thanks!' }, { token: A.token });
    expect(mine.code, mine.message).toBe(200);
    const replies = mine.data.records.filter((r: { kind: number }) => r.kind === 0);
    expect(replies.map((r: { side: string; content: string }) => `${r.side}: ${r.content}`)).toEqual(['operator: Unfrozen now, try again.', 'tenant: Works, thanks!']);
    expect(replies[0].author_name).toBeTruthy();
    const closed = await inState(3);
    const late = await s.post('/open/app/work-order-record/save', { work_order_guid: closed.guid, content: 'One more thing' }, { token: A.token });
    expect(late.code).toBe(201);
    expect(late.message).toBe('This work order is closed; reopen it to reply.');
    const empty = await s.post('/open/app/work-order-record/save', { work_order_guid: wo.guid, content: '  ' }, { token: A.token });
    expect(empty.code).toBe(201);
  });

  it('attachments are files of the upload call, at most five, that the writer may read', async () => {
    const sent = await upload(s, '/open/app/work-order/file/simple-upload', [{ name: 'screen.png', bytes: PNG }], A.token);
    expect(sent.code, sent.message).toBe(200);
    const file = sent.data[0].url as string;
    expect((await raise(A.token, { attachments: [file] })).guid).toBeTruthy();
    const bad = await s.post('/open/app/work-order/save', { title: 't', description: 'd', attachments: ['https://evil.example/x.png'] }, { token: A.token });
    expect(bad.code).toBe(201);
    const many = await s.post('/open/app/work-order/save', { title: 't', description: 'd', attachments: Array(6).fill(file) }, { token: A.token });
    expect(many.code).toBe(201);
    // An address no upload answered (or another BU's file: tests/server/file-access.test.ts) is refused.
    const unknown = await s.post('/open/app/work-order/save', { title: 't', description: 'd', attachments: ['/open/file/00000000-0000-4000-8000-000000000000'] }, { token: A.token });
    expect(unknown.message).toBe('A file in Attachments does not exist or you may not read it; upload it again.');
  });
});

describe('isolation', () => {
  it('another BU neither reads, replies to nor moves A’s work order; a sub-account without grants neither', async () => {
    const wo = await raise();
    const sub = await activeSub(s, A.token);
    for (const [who, token] of [['tenant B', B.token], ['sub-account', sub.token]] as const) {
      expect((await s.post('/open/app/work-order/get', { guid: wo.guid }, { token })).code, who).toBe(201);
      expect((await s.post('/open/app/work-order-record/save', { work_order_guid: wo.guid, content: 'spy' }, { token })).code, who).toBe(201);
      expect((await s.post('/open/app/work-order/update-status', { guid: wo.guid, status: 1 }, { token })).code, who).toBe(201);
      const page = await s.post('/open/app/work-order/page', { page_size: 100 }, { token });
      expect(JSON.stringify(page.data ?? null), who).not.toContain(wo.guid);
    }
    const got = await s.post('/open/app/work-order/get', { guid: wo.guid }, { token: A.token });
    expect(got.data.records).toHaveLength(1);
    // A work order may name only an app of its own BU.
    const app = await s.post('/open/app/create', { name: `B app ${uid()}`, code: `b-${uid()}` }, { token: B.token });
    const pointed = await s.post('/open/app/work-order/save', { title: 't', description: 'd', app_guid: app.data.guid }, { token: A.token });
    expect(pointed.code).toBe(201);
  });

  it('operators see every BU’s work orders and filter them by BU and state', async () => {
    const a = await raise(A.token);
    const b = await raise(B.token);
    const all = await s.post('/open/admin/work-order/page', { page_size: 100 }, { token: op });
    const guids = all.data.list.map((r: { guid: string }) => r.guid);
    expect(guids).toEqual(expect.arrayContaining([a.guid, b.guid]));
    const onlyB = await s.post('/open/admin/work-order/page', { page_size: 100, bu_guid: B.buGuid, state: 0 }, { token: op });
    expect(onlyB.data.list.every((r: { bu_guid: string; state: number }) => r.bu_guid === B.buGuid && r.state === 0)).toBe(true);
    expect(onlyB.data.list.map((r: { guid: string }) => r.guid)).toContain(b.guid);
  });

  it('operators find work orders by age: those raised at least so many days ago', async () => {
    const old = await raise(A.token);
    const fresh = await raise(A.token);
    await s.db.query("update work_order set created_at = now() - interval '10 days' where guid = $1", [old.guid]);
    const aged = async (older_than: unknown) => (await s.post('/open/admin/work-order/page', { page_size: 100, bu_guid: A.buGuid, older_than }, { token: op })).data.list.map((r: { guid: string }) => r.guid);
    const week = await aged(7);
    expect(week).toContain(old.guid);
    expect(week).not.toContain(fresh.guid);
    expect(await aged(11)).not.toContain(old.guid);
    expect(await aged(0)).toEqual(expect.arrayContaining([old.guid, fresh.guid]));
    expect(await aged('soon')).toEqual([]);
  });

  it('questions: a BU keeps its own, searchable; another BU sees none of them', async () => {
    const q = await s.post('/open/app/work-question/save', { title: `Rotate the signing secret ${uid()}`, content: 'How?', answer: 'Event settings, Reset.' }, { token: A.token });
    expect(q.code, q.message).toBe(200);
    const found = await s.post('/open/app/work-question/page', { keyword: 'signing secret' }, { token: A.token });
    expect(found.data.list.map((r: { guid: string }) => r.guid)).toContain(q.data.guid);
    const theirs = await s.post('/open/app/work-question/page', { keyword: 'signing secret' }, { token: B.token });
    expect(theirs.data.list).toEqual([]);
    expect((await s.post('/open/app/work-question/get', { guid: q.data.guid }, { token: B.token })).code).toBe(201);
    const ops = await s.post('/open/admin/work-question/page', { page_size: 100, bu_guid: A.buGuid }, { token: op });
    expect(ops.data.list.map((r: { guid: string }) => r.guid)).toContain(q.data.guid);
  });
});
