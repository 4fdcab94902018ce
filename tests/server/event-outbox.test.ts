import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { APP_IN_FLIGHT, LEASE_MIN_S } from '../../server/events/policy.ts';
import { staleReason } from '../../scripts/build-stamp.mjs';
import { buildServer, SERVER_ENTRY, SERVER_OUT } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { testDatabase } from '../helpers/db.ts';
import { scriptedReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The outbox's guarantees under failure and sharing: nothing lost across a killed process, no event
 * claimed twice by two instances, and a slow endpoint holding only its own slots.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** An app of a new tenant whose endpoint (no Encrypt Key) is `url`, subscribed to members being added. */
const subscribedApp = async (s: TestServer, url: string) => {
  const tenant = await tenantWithBu(s);
  const admin = await s.login();
  const post = (path: string, body: unknown) => s.post(path, body, { token: tenant.token });
  const app = (await post('/open/app/create', { name: `Out ${uid()}`, code: `out-${uid()}` })).data;
  expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: admin })).code).toBe(200);
  await post('/open/app/event/subscribe-config/get', { app_guid: app.guid });
  await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true });
  const saved = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: url });
  expect(saved.code, saved.message).toBe(200);
  expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
  return { tenant, app };
};

const pushesOf = (hits: { headers: Record<string, unknown>; body: string }[]) =>
  hits.filter((h) => !h.body.includes('url_verification')).map((h) => ({ attempt: h.headers['x-open-attempt'], ...(JSON.parse(h.body) as { header: { event_id: string }; event: { object: { user_id: string } } }) }));

describe("an app's slow endpoint beside another app's", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ options: { events: { allowPrivate: true } } });
  });
  afterAll(() => s?.close());

  it('with twice its slots of events pending at a receiver answering in 1.5 s, holds at most APP_IN_FLIGHT pushes there, delivers the other app\'s event before the slow one first answers, and each event once', { timeout: 60_000 }, async () => {
    const n = 2 * APP_IN_FLIGHT + 2;
    const slow = await scriptedReceiver([200], { echo: true, delayMs: 1500 });
    const fast = await scriptedReceiver([200], { echo: true });
    try {
      // The challenge must be echoed within 1 s: the slow app's URL is set once it passed.
      const { app: slowApp } = await subscribedApp(s, fast.url);
      await s.db.query('update event_config set request_url = $1 where app_guid = $2', [slow.url, slowApp.guid]);
      const { tenant } = await subscribedApp(s, fast.url);
      fast.hits.length = 0;
      await s.db.query(
        `insert into event_message (event_id, app_guid, bu_guid, event_type, payload, create_time)
         select replace(gen_random_uuid()::text, '-', ''), guid, bu_guid, 'contact.user.created_v3', jsonb_build_object('object', jsonb_build_object('guid', gen_random_uuid())), '0'
         from app, generate_series(1, $2) where guid = $1`,
        [slowApp.guid, n],
      );
      s.services.events.kick();
      await until('the slow receiver holding pushes', () => slow.hits.length > 0, 10_000);

      const added = await s.post('/open/system/member/add', { name: `F ${uid()}`, job_number: `F${uid()}` }, { token: tenant.token });
      expect(added.code, added.message).toBe(200);
      await until("the other app's push", () => fast.hits.length > 0, 10_000);
      // Not a timing figure but the order, which a worker claiming again only once a whole batch answered reverses.
      expect(fast.hits[0].at).toBeLessThan(slow.answered[0] ?? Infinity);
      expect(pushesOf(fast.hits).map((p) => p.event.object.user_id)).toEqual([added.data.guid]);

      await until('the slow deliveries', async () => (await s.db.query<{ n: number }>('select count(*)::int as n from event_message where app_guid = $1 and state = 1', [slowApp.guid])).rows[0].n === n, 30_000);
      expect(slow.peak).toBe(APP_IN_FLIGHT);
      const pushes = pushesOf(slow.hits);
      expect(pushes).toHaveLength(n);
      expect(new Set(pushes.map((p) => p.header.event_id)).size).toBe(n);
      expect(pushes.every((p) => p.attempt === '1')).toBe(true);
      expect(pushesOf(fast.hits)).toHaveLength(1);
    } finally {
      await slow.close();
      await fast.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL', () => {
  it('deliver 2,000 events to one receiver: every event_id arrives, none as a first attempt from both', { timeout: 120_000 }, async () => {
    const receiver = await scriptedReceiver([200], { echo: true });
    const { db, url } = await testDatabase();
    const one = await startServer({ db, options: { events: { allowPrivate: true, worker: false } } });
    const second = await openPostgres(url!, 5);
    try {
      const { app } = await subscribedApp(one, receiver.url);
      receiver.hits.length = 0;
      await db.query(
        `insert into event_message (event_id, app_guid, bu_guid, event_type, payload, create_time)
         select replace(gen_random_uuid()::text, '-', ''), guid, bu_guid, 'contact.user.created_v3', jsonb_build_object('object', jsonb_build_object('guid', gen_random_uuid())), '0'
         from app, generate_series(1, 2000) where guid = $1`,
        [app.guid],
      );
      const two = await buildApp({ db: second, events: { allowPrivate: true } });
      const pushed = [0, 0];
      for (const [i, s] of [one.services, two.services].entries()) {
        const post = s.events.outgoing.post;
        s.events.outgoing.post = (...a) => (pushed[i]++, post(...a));
      }
      one.services.events.start();
      one.services.events.kick();
      two.services.events.kick();
      await until('2,000 deliveries', async () => (await db.query<{ n: number }>('select count(*)::int as n from event_message where state = 1')).rows[0].n === 2000, 100_000);
      await two.app.close();

      const pushes = pushesOf(receiver.hits);
      expect(new Set(pushes.map((p) => p.header.event_id)).size).toBe(2000);
      // Each event's first attempt came from one instance: no event_id reached the receiver twice as attempt 1.
      const firsts = pushes.filter((p) => p.attempt === '1').map((p) => p.header.event_id);
      expect(firsts.length).toBe(new Set(firsts).size);
      expect(pushes.length).toBe(2000);
      // Both instances took part.
      expect(pushed[0]).toBeGreaterThan(0);
      expect(pushed[1]).toBeGreaterThan(0);
      expect(pushed[0] + pushed[1]).toBe(2000);
    } finally {
      await one.close();
      await receiver.close();
    }
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('a server killed with SIGKILL during 200 member adds', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarted, delivers exactly one event_id for every committed member and none for anything else', { timeout: 180_000 }, async () => {
    if (staleReason({ root: ROOT, outDir: SERVER_OUT })) await buildServer({ quiet: true });
    const receiver = await scriptedReceiver([200], { echo: true });
    dataDir = mkdtempSync(join(tmpdir(), 'open-kill-'));
    // The tenant, app and endpoint are made in this process on the data folder the server then opens.
    const setup = await startServer({ db: await openPglite(dataDir, new Blob([readFileSync(inject('pgliteSnapshot'))])), options: { events: { allowPrivate: true, worker: false } } });
    const { tenant } = await subscribedApp(setup, receiver.url);
    await setup.close();
    receiver.hits.length = 0;

    const port = await freePort();
    const start = (more: NodeJS.ProcessEnv = {}) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ALLOW_PRIVATE_WEBHOOKS: '1', LOG_LEVEL: 'warn', ...more };
      delete env.DATABASE_URL;
      const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      proc.stdout!.on('data', (d) => (out += d));
      child = proc;
      return { proc, started: until('the start banner', () => out.includes('Operator console:'), 60_000) };
    };
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.token}` }, body: JSON.stringify(body) });
      return (await r.json()) as { code: number; data: any };
    };

    // Its claims are due again after the shortest lease an instance may set (EVENT_LEASE_S), not LEASE_S.
    const first = start({ EVENT_LEASE_S: String(LEASE_MIN_S) });
    await first.started;
    const exited = new Promise((r) => first.proc.once('exit', r));
    const answered: string[] = [];
    let next = 0;
    const adder = async () => {
      while (next < 200) {
        next++;
        try {
          const r = await post('/open/system/member/add', { name: `K ${uid()}`, job_number: `K${uid()}` });
          if (r.code === 200) answered.push(r.data.guid);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const adders = Promise.all(Array.from({ length: 8 }, adder));
    await until('half the adds', () => answered.length >= 100, 60_000);
    first.proc.kill('SIGKILL');
    await exited;
    await adders;
    expect(answered.length).toBeLessThan(200);

    const second = start();
    await second.started;
    const members = async () => {
      const all: string[] = [];
      for (let page = 1; ; page++) {
        const r = await post('/open/system/member/page', { page, page_size: 100 });
        all.push(...r.data.list.map((m: { guid: string }) => m.guid));
        if (all.length >= r.data.count) return all;
      }
    };
    const committed = await members();
    expect(committed).toEqual(expect.arrayContaining(answered));
    // Events claimed by the killed process are due again once their lease ends.
    await until('an event for every committed member', () => new Set(pushesOf(receiver.hits).map((p) => p.event.object.user_id)).size >= committed.length, 90_000);
    second.proc.kill('SIGTERM');

    const idsByMember = new Map<string, Set<string>>();
    for (const p of pushesOf(receiver.hits)) idsByMember.set(p.event.object.user_id, (idsByMember.get(p.event.object.user_id) ?? new Set()).add(p.header.event_id));
    expect([...idsByMember.keys()].sort()).toEqual([...committed].sort());
    for (const ids of idsByMember.values()) expect(ids.size).toBe(1);
    await receiver.close();
  });
});
