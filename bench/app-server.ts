import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/app.ts';
import { maintainApiLog } from '../server/services/api-log.ts';
import { API_LOG_HOURS_BACKFILL } from '../server/services/api-log-hours.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';

/** The product server as `npm start` runs it (PGlite on its worker thread, logging at LOG_LEVEL) with 10,000 roles, a BU's members and an app's call log. */
const ROLES = 10_000;
const db = await openPglite();
// Logging as `npm start` logs (its lines go to /dev/null here): the cost of a line is part of a call's cost.
// (d) measures what a call costs, not the per-app limit (600 a minute by default), which the load would reach in a second.
const { app, services } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'info', openApiRatePerMinute: 1_000_000_000 });
// (h1): the same server with the request log's row left out, to split (h) into the pipeline's own cost and the row's.
if (process.env.BENCH_REQUEST_LOG === 'off') services.audit.request = () => {};
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

// (d) and (e): a BU with 1,000 members and an app that may read them; a call log of 1,000,000 rows
// over 30 days and 10 apps, the measured app's share (100,000) spread evenly.
const MEMBERS = 1_000;
const LOG_ROWS = 1_000_000;
const bu = randomUUID();
const owner = randomUUID();
await db.query("insert into bu (guid, name, code, status) values ($1, 'Bench BU', 'bench', 0)", [bu]);
await db.query("insert into users (guid, username, password, status, user_type, role_guids) values ($1, 'bench_owner', 'x', 0, 1, '[]')", [owner]);
await db.query("insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, true, '[]')", [owner, bu]);
const tenantToken = (await services.tokens.issue({ guid: owner, user_type: 1 }, bu)).token;
await db.query(
  `insert into member (guid, bu_guid, name, job_number, account_type, area_code, duty_status) select gen_random_uuid(), $1, 'Member ' || i, 'J' || i, 0, '86', 0 from generate_series(1, $2) i`,
  [bu, MEMBERS],
);
const members = (await db.query<{ guid: string }>('select guid from member where bu_guid = $1 order by random() limit 50', [bu])).rows.map((r) => r.guid);
const newApp = async (code: string) =>
  (await app.inject({ method: 'POST', url: '/open/app/create', headers: { authorization: `Bearer ${tenantToken}` }, payload: { name: code, code } })).json().data.guid as string;
// (d) calls as one app; (e) reads another's log, which (d)'s calls do not grow during the run.
const benchApp = await newApp('bench-app');
const logApp = await newApp('bench-log-app');
await db.query("insert into app_scope (app_guid, group_code, status) values ($1, 'contact:member:readonly', 2)", [benchApp]);
const appToken = (await services.appTokens.issue(benchApp, 86_400)).app_access_token;
const others = Array.from({ length: 8 }, () => randomUUID());
await db.query(
  `insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
   select gen_random_uuid(), ($1::uuid[])[1 + i % 10], $2, 'member.get', case when i % 50 = 0 then 429 else 200 end, 200, 1.5, 'req-' || i,
          now() - make_interval(secs => (i::float8 / $3) * 30 * 86400)
   from generate_series(1, $3) i`,
  [[logApp, benchApp, ...others], bu, LOG_ROWS],
);
// (i) the badge's count: the bench BU's messages among many BUs', a third of its own read.
const MESSAGE_ROWS = 50_000;
await db.query(
  `insert into message (guid, bu_guid, kind, to_user, params, created_at, updated_at)
   select gen_random_uuid(), case when i % 25 = 0 then $1 else ($2::uuid[])[1 + i % 8] end, case when i % 2 = 0 then 2 else 0 end,
          case when i % 2 = 0 then null::uuid else $3::uuid end, '{}'::jsonb, now(), now()
   from generate_series(1, $4) i`,
  [bu, others, owner, MESSAGE_ROWS],
);
await db.query("insert into message_read (message_guid, user_guid) select guid, $2 from message where bu_guid = $1 and random() < 0.33", [bu, owner]);
// Rows loaded around the log's writer get their hourly counts as a migration gives old rows theirs;
// then the server's hourly upkeep (prune, vacuum, analyze), as it would have run by now.
await db.query(API_LOG_HOURS_BACKFILL);
await maintainApiLog(db, 30);
await db.query('analyze');

await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });
process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0, token: login.json().data.token, guids, roles: ROLES, tenantToken, appToken, logApp, members, logRows: LOG_ROWS, messageRows: MESSAGE_ROWS });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
