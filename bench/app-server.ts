import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';

/** The product server as `npm start` runs it (PGlite on its worker thread, logging at LOG_LEVEL) with 10,000 roles. */
const ROLES = 10_000;
const db = await openPglite();
// Logging as `npm start` logs (its lines go to /dev/null here): the cost of a line is part of a call's cost.
const { app } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'info' });
await seedOperator(db, 'bench', 'Bench12345');
await db.query(
  `insert into role (guid, name, code, type, category, description, status)
   select gen_random_uuid(), 'Role ' || i, 'r' || i, 2, 'common', 'bench role ' || i, i % 2 from generate_series(1, $1) i`,
  [ROLES],
);
// What PGlite's own maintenance timer (or PostgreSQL's autovacuum) would have done by now.
await db.query('analyze');
const { rows } = await db.query<{ guid: string }>('select guid from role order by random() limit 50');
const guids = rows.map((r) => r.guid);

await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });
process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0, token: login.json().data.token, guids, roles: ROLES });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
