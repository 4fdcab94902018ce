import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import type { Db } from '../server/db/driver.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';

/**
 * Two BUs on one server (PGlite, or PostgreSQL when BENCH_DATABASE_URL is set): a heavy one with
 * 100,000 members whose keyword pages scan them, and a light one whose owner reads a member by guid.
 */
const HEAVY_MEMBERS = 100_000;
const url = process.env.BENCH_DATABASE_URL;
const db: Db = url ? await openPostgres(url) : await openPglite();
const { app, services } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'info' });

const tenant = async (code: string, members: number) => {
  const bu = randomUUID();
  const owner = randomUUID();
  await db.query("insert into bu (guid, name, code, status) values ($1, $2, $2, 0)", [bu, code]);
  await db.query("insert into users (guid, username, password, status, user_type, role_guids) values ($1, $2, 'x', 0, 1, '[]')", [owner, `${code}_owner`]);
  await db.query("insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, true, '[]')", [owner, bu]);
  await db.query(
    `insert into member (guid, bu_guid, name, job_number, email, account_type, area_code, duty_status)
     select gen_random_uuid(), $1, 'Member ' || i, 'J' || i, 'm' || i || '@example.com', 0, '86', 0 from generate_series(1, $2) i`,
    [bu, members],
  );
  const token = (await services.tokens.issue({ guid: owner, user_type: 1 }, bu)).token;
  const member = (await db.query<{ guid: string }>('select guid from member where bu_guid = $1 limit 1', [bu])).rows[0].guid;
  return { token, member };
};
const heavy = await tenant('heavy', HEAVY_MEMBERS);
const light = await tenant('light', 100);
await db.query('analyze');

await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port, heavy, light, members: HEAVY_MEMBERS });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
