import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';

/**
 * Events (docs/events.md), on the server as `npm start` runs it: two BUs, one with an app that
 * receives every member added (its receiver in this process answers 200), one with none. The
 * parent loads both with member adds; `latency` adds members at a steady rate and answers the
 * time from each add's start to its push's arrival.
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
const withEvents = await tenant('events');
const withoutEvents = await tenant('quiet');
const appGuid = (await call(withEvents, '/open/app/create', { name: 'Receiver', code: 'receiver' })).guid as string;
await db.query("insert into app_scope (app_guid, group_code, status) values ($1, 'contact:member:readonly', 2)", [appGuid]);
await call(withEvents, '/open/app/event/subscribe-config/reset', { app_guid: appGuid, key: 'encrypt_key', clear: true });
await call(withEvents, '/open/app/event/subscribe-config/save-update', { app_guid: appGuid, request_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
await call(withEvents, '/open/app/event/subscribe-rel/save', { app_guid: appGuid, event_codes: ['contact.user.created_v3'] });

await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port, withEvents, withoutEvents });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Adds `rate` members a second for `seconds`, one at a time as a client would; then waits for their pushes. */
const latency = async (rate: number, seconds: number) => {
  // What the throughput runs left in the queue is delivered first: "an idle queue".
  const idle = async () => {
    while ((await db.query<{ n: number }>('select count(*)::int as n from event_message where state = 0')).rows[0].n > 0) await new Promise((r) => setTimeout(r, 200));
  };
  await idle();
  const started = new Map<string, number>();
  const t0 = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const name = `lat-${i}`;
    started.set(name, performance.now());
    void call(withEvents, '/open/system/member/add', { name });
  }
  const end = performance.now() + 30_000;
  while ([...started.keys()].some((n) => !arrivals.has(n)) && performance.now() < end) await new Promise((r) => setTimeout(r, 50));
  const ms = [...started].filter(([n]) => arrivals.has(n)).map(([n, t]) => arrivals.get(n)! - t).sort((a, b) => a - b);
  return { sent: started.size, received: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
};

process.on('message', async (m: { latency?: { rate: number; seconds: number } }) => {
  if (m.latency) process.send?.({ latency: await latency(m.latency.rate, m.latency.seconds), pushed });
});
process.on('disconnect', async () => {
  await app.close();
  receiver.close();
  await db.close();
  process.exit(0);
});
