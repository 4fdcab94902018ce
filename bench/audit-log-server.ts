import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';
import { maintainAuditLogs } from '../server/services/audit-log.ts';

/**
 * The audit logs (docs/operator.md) on the server as `npm start` runs it: an operation log of
 * 1,000,000 rows over 30 days (a tenth of them in the searched week's share of each day), by 1,000
 * users of 100 BUs, loaded with one INSERT … SELECT generate_series, then the hourly upkeep.
 */
const ROWS = 1_000_000;
const db = await openPglite();
const { app } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'info' });
await seedOperator(db, 'bench', 'Bench12345');
const users = Array.from({ length: 1000 }, () => randomUUID());
const bus = Array.from({ length: 100 }, () => randomUUID());
await db.query(
  `insert into operation_log (guid, created_at, updated_at, created_by, user_guid, username, user_type, bu_guid, resource, action, path, target_guid, fields, ip)
   select gen_random_uuid(), t, t, u, u, 'user_' || (i % 1000), 1 + i % 2, ($2::uuid[])[1 + i % 100], 'role', 'update', '/open/system/role/update', gen_random_uuid(), '["name","description"]'::jsonb, '10.0.0.' || (i % 250)
   from (select i, ($1::uuid[])[1 + i % 1000] as u, now() - make_interval(secs => (i::float8 / $3) * 30 * 86400) as t from generate_series(1, $3) i) s`,
  [users, bus, ROWS],
);
// What the server's hourly upkeep (prune, vacuum, analyze) would have done by now.
await maintainAuditLogs(db, 90);

await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });
const token = login.json().data.token as string;
const first = await app.inject({ method: 'POST', url: '/open/admin/operation-log/page', headers: { authorization: `Bearer ${token}` }, payload: { page_size: 20, with_total: false } });
// A cursor 5,000 rows deep, for the keyset page.
let cursor = first.json().data.next as string;
for (let i = 0; i < 50; i++) {
  const r = await app.inject({ method: 'POST', url: '/open/admin/operation-log/page', headers: { authorization: `Bearer ${token}` }, payload: { page_size: 100, cursor } });
  cursor = r.json().data.next;
}
process.send?.({ port: (app.server.address() as AddressInfo).port, token, rows: ROWS, user: users[7], cursor });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
