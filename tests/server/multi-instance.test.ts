import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations.ts';
import { LEASE_MIN_S, LEASE_S } from '../../server/events/policy.ts';
import { testDatabase } from '../helpers/db.ts';
import { compiledServer, startInstance, until, type Instance } from '../helpers/instances.ts';
import { PGBOUNCER, startPgBouncer, type Bouncer } from '../helpers/pgbouncer.ts';
import { consentUid, OAuthAgent } from '../helpers/oauth-agent.ts';
import { openApp } from '../helpers/open-app.ts';
import { scriptedReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Many instances on one PostgreSQL behave as one (docs/security.md, "Many instances"): server
 * processes, as `npm start` runs them, on one database. What one instance changes, the others
 * honour at once; limits count across them; starts and upgrades take turns; a killed instance
 * loses no event. Runs on the PostgreSQL pass of `npm test` (DATABASE_URL), twice: two instances on
 * PostgreSQL, then four behind PgBouncer in transaction mode with DATABASE_DIRECT_URL for their
 * LISTEN and start lock (docs/operations.md, "Many instances behind PgBouncer").
 */
const url = process.env.DATABASE_URL;

/** PgBouncer in front of the test cluster, started by the first pass that needs it, stopped after the file. */
let bouncer: Promise<Bouncer> | undefined;
const pgbouncer = () => (bouncer ??= startPgBouncer(url!));
afterAll(async () => (await bouncer)?.stop());

// Without pgbouncer installed the second pass is skipped, except in CI, where it then fails.
if (url && !PGBOUNCER && !process.env.CI) console.log('pgbouncer not found: the pass behind PgBouncer is SKIPPED (apt-get install -y pgbouncer).');
const passes = [
  { name: 'two instances on one PostgreSQL', count: 2, bounced: false },
  ...(PGBOUNCER || process.env.CI ? [{ name: 'four instances behind PgBouncer (transaction pooling)', count: 4, bounced: true }] : []),
];
type Pass = (typeof passes)[number];
/** The passes as `describe.each` rows: `%s` names a describe in full (`$name` would cut it at 40 characters). */
const named = passes.map((p) => [p.name, p] as const);

/** An instance on the database at `at` (on the cluster): directly, or through PgBouncer with `at` as DATABASE_DIRECT_URL. */
const launch = async (pass: Pass, at: string, env: Record<string, string> = {}) =>
  pass.bounced ? startInstance((await pgbouncer()).through(at), { DATABASE_DIRECT_URL: at, ...env }) : startInstance(at, env);

/** The percentile `p` (0–1) of `values`. */
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(p * values.length) - 1)];

describe.skipIf(!url).each(named)('%s', (_, pass) => {
  let s: TestServer;
  let dbUrl: string;
  /** The instances: A makes the changes, B (and the others) honour them. */
  let all: Instance[] = [];
  let A: Instance;
  let B: Instance;
  let others: Instance[];
  let admin: string;
  beforeAll(async () => {
    await compiledServer();
    const { db, url: u } = await testDatabase();
    dbUrl = u!;
    // The tenants are made in this process (it reads their mailed codes); the instances serve them.
    s = await startServer({ db, options: { events: { worker: false, allowPrivate: true } } });
    admin = await s.login();
    all = await Promise.all(Array.from({ length: pass.count }, () => launch(pass, dbUrl)));
    await Promise.all(all.map((i) => i.started));
    [A, B] = all;
    others = all.slice(1);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(all.map((i) => i.stop()));
    await s?.close();
  });

  it.runIf(pass.bounced)('behind PgBouncer without DATABASE_DIRECT_URL an instance refuses to start, in one sentence', { timeout: 30_000 }, async () => {
    // Its LISTEN and start lock would sit on server connections PgBouncer hands to other clients: a notification sent at open never arrives.
    const alone = await startInstance((await pgbouncer()).through(dbUrl), { DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    await expect(alone.started).rejects.toThrow(/exited before starting/);
    await alone.stop();
    expect(alone.proc.exitCode).toBe(1);
    expect(alone.out().match(/DATABASE_DIRECT_URL \(DATABASE_URL when unset\) must reach PostgreSQL itself, not a pooler in transaction mode/g)).toHaveLength(1);
    expect(alone.out()).not.toMatch(/^\s+at /m);
  });

  it('revocation on one instance is honoured by the others at once: freeze, logout, grant, password sign-in off, app and BU disabled, a store app uninstalled', { timeout: 120_000 }, async () => {
    const owner = await tenantWithBu(s);
    const memberView = (await s.db.query<{ guid: string }>("select guid from permission where code = 'tenant:member:view' and scene = 'tenant'")).rows[0].guid;
    const role = await A.post('/open/system/role/add', { name: `Viewer ${uid()}` }, owner.token);
    expect(role.code, role.message).toBe(200);
    const grant = (guids: string[]) => A.post('/open/system/role/auth', { guid: role.data.guid, permission_guids: guids }, owner.token);
    expect((await grant([memberView])).code).toBe(200);
    const sub = await activeSub(s, owner.token, [role.data.guid]);
    const login = async (username: string, password: string) => (await A.post('/open/sys-auth/login', { username, password })).data.token as string;
    /** Each other instance's envelope code for a page of members. */
    const memberPage = (token: string) => Promise.all(others.map(async (on) => (await on.post('/open/system/member/page', { page: 1, page_size: 1 }, token)).code));
    const newApp = async (token: string) => {
      const app = (await A.post('/open/app/create', { name: `Rev ${uid()}`, code: `rev-${uid()}` }, token)).data;
      const t = await A.post('/open/api/auth/app-access-token', { app_id: app.app_id, app_secret: app.app_secret });
      return { guid: app.guid as string, token: t.data.app_access_token as string };
    };
    const appInfo = (token: string) => Promise.all(others.map(async (on) => (await on.post('/open/api/v1/app/info', {}, token)).code));

    const delays: Record<string, number[]> = {};
    /** The others answer 200 (their caches warm), A makes the change, then they are asked until none does: the time from A's answer. */
    const measure = async (name: string, codes: () => Promise<number[]>, change: () => Promise<unknown>, restore: () => Promise<unknown>) => {
      const allowed = async () => (await codes()).every((c) => c === 200);
      for (let i = 0; i < 4; i++) {
        // A restored grant reaches the other instances as fast, but not before A has answered: wait for it.
        await until(`${name}: allowed before`, allowed, 1000, 2);
        expect(await allowed(), `${name}: allowed before (cached)`).toBe(true);
        await change();
        const t0 = performance.now();
        await until(`${name} honoured on the other instances`, async () => (await codes()).every((c) => c !== 200), 1000, 2);
        (delays[name] ??= []).push(performance.now() - t0);
        await restore();
      }
    };

    let subToken = sub.token;
    await measure(
      'sub-account frozen',
      () => memberPage(subToken),
      () => A.post('/open/system/user/child-freeze', { guid: sub.guid }, owner.token),
      async () => {
        await A.post('/open/system/user/child-restore', { guid: sub.guid }, owner.token);
        subToken = await login(sub.username, sub.password);
      },
    );
    await measure(
      'logout',
      () => memberPage(subToken),
      () => A.post('/open/logout', {}, subToken),
      async () => (subToken = await login(sub.username, sub.password)),
    );
    await measure(
      'grant revoked',
      () => memberPage(subToken),
      () => grant([]),
      () => grant([memberView]),
    );
    // The BU switching password sign-in off ends its members' password sessions (docs/sso.md).
    const loginTypes = (types: string[]) => A.post('/open/system/sso/auth-config-update', { login_types: types }, owner.token);
    await measure(
      'password sign-in switched off',
      () => memberPage(subToken),
      async () => expect((await loginTypes(['email_code'])).code).toBe(200),
      async () => {
        expect((await loginTypes(['password', 'email_code'])).code).toBe(200);
        subToken = await login(sub.username, sub.password);
      },
    );
    let app = await newApp(owner.token);
    await measure(
      'app disabled',
      () => appInfo(app.token),
      () => A.post('/open/app/update-status', { guid: app.guid, status: 1 }, owner.token),
      async () => (app = await newApp(owner.token)),
    );
    let other = await tenantWithBu(s);
    let theirs = await newApp(other.token);
    await measure(
      'BU disabled',
      () => appInfo(theirs.token),
      () => A.post('/open/system/bu/update-status', { guid: other.buGuid, status: 1 }, other.token),
      async () => {
        other = await tenantWithBu(s);
        theirs = await newApp(other.token);
      },
    );
    // A store app's tenant token for a buyer ends when the buyer uninstalls it (docs/lark.md, "Store apps").
    const store = (await A.post('/open/admin/app-manage/add-app', { name: `Isv ${uid()}`, code: `isv-${uid()}` }, admin)).data;
    expect((await A.post('/open/app/introduce/update/app-manage', { app_guid: store.guid, summary: 'A store app', status: 0, price: 0 }, admin)).code).toBe(200);
    const storeToken = (await A.post('/open/api/auth/app-access-token', { app_id: store.app_id, app_secret: store.app_secret })).data.app_access_token as string;
    const buyer = await tenantWithBu(s);
    const installation = async () => (await s.db.query<{ guid: string; tenant_key: string }>('select guid, tenant_key from installed_app where app_guid = $1 and bu_guid = $2', [store.guid, buyer.buGuid])).rows[0];
    const install = async () => {
      expect((await A.post('/open/app/market/app-purchase/use', { guid: store.guid }, buyer.token)).code).toBe(200);
      const bought = await A.post('/open/api/auth/tenant-access-token', { app_access_token: storeToken, tenant_key: (await installation()).tenant_key });
      expect(bought.code, bought.message).toBe(200);
      return bought.data.tenant_access_token as string;
    };
    let tenantToken = await install();
    await measure(
      'store app uninstalled',
      () => appInfo(tenantToken),
      async () => expect((await A.post('/open/installed-app/delete', { guid: (await installation()).guid }, buyer.token)).code).toBe(200),
      async () => (tenantToken = await install()),
    );
    const all = Object.values(delays).flat();
    const p99 = percentile(all, 0.99);
    console.log(`revocation on the other instances (ms): ${Object.entries(delays).map(([k, v]) => `${k} ${v.map((d) => d.toFixed(0)).join('/')}`).join('; ')}; p50 ${percentile(all, 0.5).toFixed(1)}, p99 ${p99.toFixed(1)}, max ${Math.max(...all).toFixed(1)}`);
    // Each was honoured within the second `until` allows; the caches' own 5 s would have failed it.
    expect(all).toHaveLength(28);
  });

  it("a person's OAuth authorisation revoked on one instance is refused on the other at once", { timeout: 120_000 }, async () => {
    // The owner's app with every scope opened; its sign-ins go through A, the calls it makes as the person through B.
    const { owner, app } = await openApp(s, admin);
    const CALLBACK = 'http://127.0.0.1:9/callback';
    const saved = await A.post('/open/app/save-backurl', { app_guid: app.guid, redirect_urls: [CALLBACK] }, owner.token);
    expect(saved.code, saved.message).toBe(200);
    // Each instance is its own issuer here (PUBLIC_URL unset: its own address), so the app's side is done by hand, not by openid-client.
    const originOf = (on: Instance) => `http://127.0.0.1:${on.port}`;
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(app.app_id)}:${encodeURIComponent(app.app_secret)}`).toString('base64')}`;
    /** The app's server at an instance's token endpoint (client_secret_basic). */
    const tokenCall = async (on: Instance, params: Record<string, string>) => {
      const r = await fetch(`${originOf(on)}/oidc/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic }, body: new URLSearchParams(params) });
      return { status: r.status, body: (await r.json()) as { access_token?: string; refresh_token?: string; error?: string; error_description?: string } };
    };
    /** The owner signs in to the app through A's browser endpoints; the code is exchanged at A's token endpoint. */
    const signIn = async () => {
      const agent = new OAuthAgent(originOf(A));
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(8).toString('hex');
      const start = `/oidc/auth?${new URLSearchParams({
        client_id: app.app_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid offline_access contact:member:readonly', state, prompt: 'consent',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
      })}`;
      const interaction = consentUid((await agent.follow(start)).at);
      const shown = await agent.call('/open/oauth/interaction/get', { uid: interaction }, owner.token);
      expect(shown.code, shown.message).toBe(200);
      const granted = await agent.call('/open/oauth/interaction/allow', { uid: interaction, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, owner.token);
      expect(granted.code, granted.message).toBe(200);
      const back = new URL((await agent.follow(String(granted.data.location))).at);
      expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
      expect(back.searchParams.get('state')).toBe(state);
      const t = await tokenCall(A, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: CALLBACK, code_verifier: verifier });
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      expect(t.body.access_token && t.body.refresh_token).toBeTruthy();
      return { guid: granted.data.guid as string, access: t.body.access_token!, refresh: t.body.refresh_token! };
    };
    const memberPage = (accessToken: string) => B.post('/open/api/v1/member/page', { page: 1, page_size: 1 }, accessToken);
    const allowed = async (accessToken: string) => (await memberPage(accessToken)).code === 200;
    const refused = async (accessToken: string) => (await memberPage(accessToken)).status === 401;

    const delays: Record<string, number[]> = {};
    /** B admits `tokens` (its cache warm), A ends them, then B is asked until it refuses them all (HTTP 401): the time from A's answer. */
    const measure = async (name: string, tokens: string[], change: () => Promise<unknown>) => {
      for (const t of tokens) {
        await until(`${name}: allowed before`, () => allowed(t), 1000, 2);
        expect(await allowed(t), `${name}: allowed before (cached)`).toBe(true);
      }
      await change();
      const t0 = performance.now();
      await until(`${name} honoured on the other instance`, async () => (await Promise.all(tokens.map(refused))).every(Boolean), 1000, 2);
      (delays[name] ??= []).push(performance.now() - t0);
    };

    for (let i = 0; i < 4; i++) {
      const signedIn = await signIn();
      await measure('authorisation revoked', [signedIn.access], async () => {
        const gone = await A.post('/open/system/app-authorisation/delete', { guid: signedIn.guid }, owner.token);
        expect(gone.code, gone.message).toBe(200);
      });
      const after = await tokenCall(B, { grant_type: 'refresh_token', refresh_token: signedIn.refresh });
      expect([after.status, after.body.error]).toEqual([400, 'invalid_grant']);
    }

    for (let i = 0; i < 4; i++) {
      const first = await signIn();
      // Rotation across instances: B renews what A issued, with a new refresh token.
      const second = await tokenCall(B, { grant_type: 'refresh_token', refresh_token: first.refresh });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.refresh_token).toBeTruthy();
      expect(second.body.refresh_token).not.toBe(first.refresh);
      expect(second.body.access_token).not.toBe(first.access);
      // The used one presented again at A ends the whole grant: B refuses the newer access token too.
      await measure('refresh token reused', [second.body.access_token!, first.access], async () => {
        const reused = await tokenCall(A, { grant_type: 'refresh_token', refresh_token: first.refresh });
        expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
      });
      const newer = await tokenCall(B, { grant_type: 'refresh_token', refresh_token: second.body.refresh_token! });
      expect([newer.status, newer.body.error]).toEqual([400, 'invalid_grant']);
    }

    const all = Object.values(delays).flat();
    console.log(`OAuth revocation on the other instance (ms): ${Object.entries(delays).map(([k, v]) => `${k} ${v.map((d) => d.toFixed(0)).join('/')}`).join('; ')}; p50 ${percentile(all, 0.5).toFixed(1)}, p99 ${percentile(all, 0.99).toFixed(1)}, max ${Math.max(...all).toFixed(1)}`);
    // Each was honoured within the second `until` allows; the user tokens' own cache (5 s) would have failed it.
    expect(all).toHaveLength(8);
  });

  it('limits hold across instances: an app gets 600 calls a minute in all, and failures on one lock the lane on another', { timeout: 60_000 }, async () => {
    const owner = await tenantWithBu(s);
    const app = (await A.post('/open/app/create', { name: `Lim ${uid()}`, code: `lim-${uid()}` }, owner.token)).data;
    const token = (await A.post('/open/api/auth/app-access-token', { app_id: app.app_id, app_secret: app.app_secret })).data.app_access_token as string;
    let next = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (next < 1200) {
        const on = all[next++ % all.length];
        statuses.push((await on.post('/open/api/v1/app/info', {}, token)).status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(statuses.filter((x) => x === 200)).toHaveLength(600);
    expect(statuses.filter((x) => x === 429)).toHaveLength(600);

    const lane = (await A.post('/open/app/create', { name: `Lane ${uid()}`, code: `lane-${uid()}` }, owner.token)).data;
    for (let i = 0; i < 10; i++) expect((await A.post('/open/api/auth/app-access-token', { app_id: lane.app_id, app_secret: `wrong-${i}` })).code).toBe(201);
    const onB = await B.post('/open/api/auth/app-access-token', { app_id: lane.app_id, app_secret: lane.app_secret });
    expect(onB.message).toMatch(/Too many failed attempts from this address for this app/);
  });

  // Once, not behind PgBouncer too: it waits out the event lease (30 s), which the pooler does not touch.
  it.skipIf(pass.bounced)('an instance killed with SIGKILL with pushes in flight loses no event; the others redeliver them with the same event_id', { timeout: 150_000 }, async () => {
    const fast = await scriptedReceiver([200], { echo: true });
    // Answers take 1.5 s, so the instance killed holds pushes in flight.
    const slow = await scriptedReceiver([200], { delayMs: 1500 });
    try {
      const tenant = await tenantWithBu(s);
      const post = (path: string, body: unknown) => s.post(path, body, { token: tenant.token });
      const app = (await post('/open/app/create', { name: `Kill ${uid()}`, code: `kill-${uid()}` })).data;
      expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: admin })).code).toBe(200);
      await post('/open/app/event/subscribe-config/get', { app_guid: app.guid });
      await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true });
      expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: fast.url })).code).toBe(200);
      expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
      // The URL check wants an echo within a second; the pushes then go to the slow receiver.
      await s.db.query('update event_config set request_url = $1 where app_guid = $2', [slow.url, app.guid]);
      // The instance to be killed claims with the shortest lease it may (EVENT_LEASE_S), not LEASE_S.
      const C = await launch(pass, dbUrl, { EVENT_LEASE_S: String(LEASE_MIN_S) });
      await C.started;
      const add = async (on: Instance) => {
        const r = await on.post('/open/system/member/add', { name: `K ${uid()}`, job_number: `K${uid()}` }, tenant.token);
        expect(r.code, r.message).toBe(200);
        return r.data.guid as string;
      };
      const added: string[] = [];
      for (let i = 0; i < 10; i++) added.push(await add(C));
      await until('a push from the instance to kill', () => slow.hits.length > 0, 10_000, 5);
      await C.stop('SIGKILL');
      const killed = Date.now();
      for (let i = 0; i < 10; i++) added.push(await add(i % 2 ? A : B));
      const pushes = () => slow.hits.map((h) => ({ attempt: h.headers['x-open-attempt'], ...(JSON.parse(h.body) as { header: { event_id: string }; event: { object: { user_id: string } } }) }));
      // What the killed instance had claimed is due again when its own lease ends, well before LEASE_S.
      await until('an event for every member', () => added.every((g) => pushes().some((p) => p.event.object.user_id === g)), 90_000, 200);
      await until('the pushes in flight at the kill sent again', () => pushes().some((p) => p.attempt !== '1'), 90_000, 200);
      expect(Date.now() - killed).toBeLessThan(LEASE_S * 1000);
      const ids = new Map<string, Set<string>>();
      for (const p of pushes()) ids.set(p.event.object.user_id, (ids.get(p.event.object.user_id) ?? new Set()).add(p.header.event_id));
      for (const g of added) expect(ids.get(g)?.size, g).toBe(1);
      expect(ids.size).toBe(added.length);
    } finally {
      await fast.close();
      await slow.close();
    }
  });
});

describe.skipIf(!url).each(named)('%s: instances started at once', (_, pass) => {
  const databases: string[] = [];
  const database = async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    databases.push(name);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  afterAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const startFour = async (at: string) => {
    const four = await Promise.all(Array.from({ length: 4 }, () => launch(pass, at)));
    try {
      const results = await Promise.allSettled(four.map((i) => i.started));
      for (const [i, r] of results.entries()) expect(r.status, four[i].out()).toBe('fulfilled');
    } finally {
      await Promise.all(four.map((i) => i.stop()));
    }
  };
  const query = async <T,>(at: string, sql: string) => {
    const c = new pg.Client({ connectionString: at });
    await c.connect();
    try {
      return (await c.query(sql)).rows as T[];
    } finally {
      await c.end();
    }
  };

  it('four on an empty database all come up, and the first operator exists once', { timeout: 120_000 }, async () => {
    await compiledServer();
    const at = await database();
    await startFour(at);
    expect(await query(at, 'select username from users where user_type = 0')).toEqual([{ username: 'admin' }]);
  });

  // Once: the lock it relies on is the one the empty database's start shows behind PgBouncer.
  it.skipIf(pass.bounced)('four on a database one migration behind (and a column short) all come up, the migration applied once', { timeout: 120_000 }, async () => {
    const at = await database();
    const one = await launch(pass, at);
    await one.started;
    await one.stop();
    const last = migrations.at(-1)!;
    await query(at, `delete from schema_migrations where id = ${last.id}`);
    await query(at, 'alter table role drop column description');
    // As an older build would have left it: a build prepares a database another build last prepared (server/db/start-fingerprint.ts).
    await query(at, "update start_fingerprint set fingerprint = 'an older build'");
    await startFour(at);
    expect(await query(at, `select id from schema_migrations where id = ${last.id}`)).toHaveLength(1);
    expect(await query(at, "select 1 from pg_attribute where attrelid = 'role'::regclass and attname = 'description' and not attisdropped")).toHaveLength(1);
  });
});
