import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';
import { answerMemoryPeaks } from './memory-peak.ts';

/**
 * 100,000 product orders of 100 BUs (docs/orders.md "Import and export") on the server as
 * `npm start` runs it, loaded with one INSERT … SELECT generate_series; its memory peaks are
 * answered over IPC (bench/memory-peak.ts).
 */
const ROWS = 100_000;
const db = await openPglite();
const { app } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'warn' });
await seedOperator(db, 'bench', 'Bench12345');
const bus = Array.from({ length: 100 }, () => randomUUID());
await db.query(`insert into bu (guid, name, code, status) select g, 'Bench BU ' || i, 'bench-' || i, 0 from unnest($1::uuid[]) with ordinality as b(g, i)`, [bus]);
await db.query(
  `insert into orders (guid, created_at, updated_at, bu_guid, number, kind, app_name, amount, currency, paid_amount, cycle, pay_type, due_at, state, note)
   select gen_random_uuid(), now() - make_interval(secs => i), now(), ($1::uuid[])[1 + i % 100], '20260101' || lpad(i::text, 8, '0'), 1,
          '年度席位 ' || i, 100 + i * 37 % 1000000, (array['CNY','HKD','USD'])[1 + i % 3], 0, i % 3, i % 2, now() + interval '30 days', i % 4,
          case when i % 5 = 0 then '备注, "quoted" ' || i end
   from generate_series(1, $2) i`,
  [bus, ROWS],
);
await db.query('analyze orders');
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });
const token = login.json().data.token as string;

answerMemoryPeaks(async (m) => {
  if (m === 'scan') {
    // The floor: the same rows read in the same batches of 1,000, written nowhere.
    const t0 = performance.now();
    let last: { cursor_at: string; guid: string } | undefined;
    let n = 0;
    for (;;) {
      const { rows } = await db.query<{ cursor_at: string; guid: string }>(
        `select o.*, o.created_at::text as cursor_at, (select b.name from bu b where b.guid = o.bu_guid) as bu_name, (select b.code from bu b where b.guid = o.bu_guid) as bu_code
           from orders o where bu_guid is not null and kind = $1${last ? ' and (o.created_at, o.guid) < ($2::timestamptz, $3::uuid)' : ''} order by o.created_at desc, o.guid desc limit 1000`,
        last ? [1, last.cursor_at, last.guid] : [1],
      );
      n += rows.length;
      if (rows.length < 1000) break;
      last = rows[rows.length - 1];
    }
    process.send?.({ ms: performance.now() - t0, rows: n });
  }
});
process.send?.({ port: (app.server.address() as AddressInfo).port, token, rows: ROWS });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
