import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { APP_IN_FLIGHT } from '../server/events/policy.ts';

/**
 * Events (docs/events.md), on the server as `npm start` runs it: a BU with an app that receives
 * every member added (its receiver in this process answers 200), one with none, and a neighbour.
 * The parent loads the first two with member adds; `latency` adds members at a steady rate and
 * answers the time from each add's start to its push's arrival. `neighbour` measures the same
 * beside the neighbour BU's app, whose receiver answers every push in 2.5 s (inside the 3 s
 * deadline) and which is kept a backlog of events throughout.
 */
const db = await openPglite();
const { app, services } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'info', events: { allowPrivate: true } });

const arrivals = new Map<string, number>();
let pushed = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.type === 'url_verification') return res.end(JSON.stringify({ challenge: body.challenge }));
    pushed++;
    arrivals.set(body.event.object.name, performance.now());
    res.end('{}');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));

/** The neighbour's receiver: the challenge at once, each push answered 200 after SLOW_MS; it counts the pushes it holds at once. */
const SLOW_MS = 2500;
const slow = { holding: 0, peak: 0, answered: 0 };
const slowReceiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.type === 'url_verification') return res.end(JSON.stringify({ challenge: body.challenge }));
    slow.peak = Math.max(slow.peak, ++slow.holding);
    setTimeout(() => {
      slow.holding--;
      slow.answered++;
      res.end('{}');
    }, SLOW_MS);
  });
});
await new Promise<void>((r) => slowReceiver.listen(0, '127.0.0.1', r));

const tenant = async (name: string) => {
  const bu = randomUUID();
  const owner = randomUUID();
  await db.query("insert into bu (guid, name, code, status) values ($1, $2, $2, 0)", [bu, name]);
  await db.query("insert into users (guid, username, password, status, user_type, role_guids) values ($1, $2, 'x', 0, 1, '[]')", [owner, `${name}_owner`]);
  await db.query("insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, true, '[]')", [owner, bu]);
  return (await services.tokens.issue({ guid: owner, user_type: 1 }, bu)).token;
};
const call = async (token: string, url: string, payload: unknown) => {
  const r = (await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object })).json();
  if (r.code !== 200) throw new Error(`${url}: ${r.message}`);
  return r.data;
};
/** An app of the tenant's BU receiving its members' additions at `server`; answers the app's guid. */
const receivingApp = async (token: string, code: string, server: typeof receiver) => {
  const appGuid = (await call(token, '/open/app/create', { name: code, code })).guid as string;
  await db.query("insert into app_scope (app_guid, group_code, status) values ($1, 'contact:member:readonly', 2)", [appGuid]);
  await call(token, '/open/app/event/subscribe-config/reset', { app_guid: appGuid, key: 'encrypt_key', clear: true });
  await call(token, '/open/app/event/subscribe-config/save-update', { app_guid: appGuid, request_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
  await call(token, '/open/app/event/subscribe-rel/save', { app_guid: appGuid, event_codes: ['contact.user.created_v3'] });
  return appGuid;
};
const withEvents = await tenant('events');
const withoutEvents = await tenant('quiet');
const neighbour = await tenant('neighbour');
await receivingApp(withEvents, 'receiver', receiver);
const slowApp = await receivingApp(neighbour, 'slow-receiver', slowReceiver);

await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port, withEvents, withoutEvents });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pending = async (app?: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from event_message where state = 0${app ? ' and app_guid = $1' : ''}`, app ? [app] : [])).rows[0].n;

let added = 0;
/** Adds `rate` members a second for `seconds` in the receiving BU, one at a time as a client would; then waits for their pushes. */
const measure = async (rate: number, seconds: number) => {
  const started = new Map<string, number>();
  const t0 = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const name = `lat-${added++}`;
    started.set(name, performance.now());
    void call(withEvents, '/open/system/member/add', { name });
  }
  const end = performance.now() + 30_000;
  while ([...started.keys()].some((n) => !arrivals.has(n)) && performance.now() < end) await sleep(50);
  const ms = [...started].filter(([n]) => arrivals.has(n)).map(([n, t]) => arrivals.get(n)! - t).sort((a, b) => a - b);
  return { sent: started.size, received: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
};

/** The same, once the queue is idle: what the throughput runs left is delivered first. */
const latency = async (rate: number, seconds: number) => {
  while ((await pending()) > 0) await sleep(200);
  return measure(rate, seconds);
};

/**
 * `latency` alone, then again while the neighbour's app has a backlog: a burst of adds in its BU
 * first (until its receiver holds all its slots), then NEIGHBOUR_RATE adds a second throughout,
 * more than its slots drain (APP_IN_FLIGHT per SLOW_MS).
 */
const NEIGHBOUR_BURST = 50;
const NEIGHBOUR_RATE = 10;
const beside = async (rate: number, seconds: number) => {
  const alone = await latency(rate, seconds);
  for (let i = 0; i < NEIGHBOUR_BURST; i++) await call(neighbour, '/open/system/member/add', { name: `burst-${i}` });
  while (slow.holding < APP_IN_FLIGHT) await sleep(50);
  let adding = true;
  const adds = (async () => {
    for (let i = 0; adding; i++) {
      await call(neighbour, '/open/system/member/add', { name: `steady-${i}` });
      await sleep(1000 / NEIGHBOUR_RATE);
    }
  })();
  const backlogBefore = await pending(slowApp);
  const withNeighbour = await measure(rate, seconds);
  adding = false;
  await adds;
  return { alone, withNeighbour, neighbour: { slowMs: SLOW_MS, slots: APP_IN_FLIGHT, peak: slow.peak, answered: slow.answered, backlogBefore, backlogAfter: await pending(slowApp) } };
};

process.on('message', async (m: { latency?: { rate: number; seconds: number }; neighbour?: { rate: number; seconds: number } }) => {
  if (m.latency) process.send?.({ latency: await latency(m.latency.rate, m.latency.seconds), pushed });
  if (m.neighbour) process.send?.({ neighbour: await beside(m.neighbour.rate, m.neighbour.seconds) });
});
process.on('disconnect', async () => {
  await app.close();
  receiver.close();
  slowReceiver.close();
  await db.close();
  process.exit(0);
});
