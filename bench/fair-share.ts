import autocannon from 'autocannon';
import { load, start } from './load.ts';
import { startCluster } from '../tests/helpers/pg-cluster.mjs';

/**
 * A fair share per tenant (docs/operations.md, "Fair share"): a light BU's cheap call (a member by
 * guid, one connection) alone, then beside 64 connections of a heavy BU's keyword pages over its
 * 100,000 members; target: its p99 beside them at most 3x its p99 alone. On the embedded database
 * and on PostgreSQL (a throwaway cluster). `npx tsx bench/fair-share.ts` runs this section alone.
 */
const HEAVY_CONNECTIONS = 64;

const measure = async (name: string, env: Record<string, string>) => {
  Object.assign(process.env, env);
  const server = await start('./fair-share-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const cheap = () => load(`${base}/open/system/member/get`, { connections: 1, headers: as(server.info.light.token), body: JSON.stringify({ guid: server.info.light.member }) });
    const alone = await cheap();
    const flood = load(`${base}/open/system/member/page`, { connections: HEAVY_CONNECTIONS, headers: as(server.info.heavy.token), body: JSON.stringify({ page: 1, page_size: 20, keyword: 'ember 9' }) });
    const beside = await cheap();
    const heavy: autocannon.Result = await flood;
    const ratio = beside.latency.p99 / Math.max(alone.latency.p99, 1);
    console.table([
      { name: `${name}: cheap call alone`, 'req/s': Math.round(alone.requests.average), 'p50 ms': alone.latency.p50, 'p99 ms': alone.latency.p99, 'non-2xx': alone.non2xx, 'timeouts': alone.timeouts },
      { name: `${name}: cheap call beside the flood`, 'req/s': Math.round(beside.requests.average), 'p50 ms': beside.latency.p50, 'p99 ms': beside.latency.p99, 'non-2xx': beside.non2xx, 'timeouts': beside.timeouts },
      { name: `${name}: heavy BU, ${HEAVY_CONNECTIONS} connections of keyword pages`, 'req/s': Math.round(heavy.requests.average), 'p50 ms': heavy.latency.p50, 'p99 ms': heavy.latency.p99, 'non-2xx': heavy.non2xx, 'timeouts': heavy.timeouts },
    ]);
    // A call that never came back has no latency: a run with one is not met, whatever the ratio.
    const answered = beside.requests.total > 0 && !beside.non2xx && !beside.errors && !beside.timeouts;
    console.log(`${name}: the cheap call's p99 beside a ${HEAVY_CONNECTIONS}-way heavy tenant is ${ratio.toFixed(2)}x its p99 alone (target <= 3) ${ratio <= 3 && answered ? 'MET' : 'NOT MET'}${answered ? '' : ' (some cheap calls were not answered)'}; the heavy BU's calls past the wait for a slot answer 503 (${heavy.non2xx})`);
  } finally {
    server.child.disconnect();
    await new Promise((done) => (server.child.exitCode !== null ? done(null) : server.child.once('exit', done)));
    for (const k of Object.keys(env)) delete process.env[k];
  }
};

export const benchFairShare = async () => {
  await measure('embedded database', {});
  const cluster = await startCluster().catch(() => null);
  if (!cluster) return console.log('PostgreSQL: not measured (no PostgreSQL installed).');
  try {
    await measure('PostgreSQL', { BENCH_DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
};

if (process.argv[1]?.endsWith('fair-share.ts')) await benchFairShare();
