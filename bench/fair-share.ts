import autocannon from 'autocannon';
import { load, start } from './load.ts';
import { startCluster } from '../tests/helpers/pg-cluster.mjs';

/**
 * A fair share per tenant (docs/operations.md, "Fair share"): a light BU's cheap call (a member by
 * guid, one connection) alone, then beside 64 connections of a heavy BU's keyword pages over its
 * 100,000 members, with a keyword many match and one only one matches; target: its p99 beside
 * them at most 3x its p99 alone. On the embedded database and on PostgreSQL (a throwaway cluster).
 * `npx tsx bench/fair-share.ts` runs this section alone.
 */
const HEAVY_CONNECTIONS = 64;
/** A keyword one member in nine matches (the page stops at its first 20), and one only one matches (the page reads them all). */
const KEYWORDS = [
  { keyword: 'ember 9', label: 'a keyword one in nine match' },
  { keyword: 'ember 99999', label: 'a keyword one matches' },
];

const measure = async (name: string, env: Record<string, string>) => {
  Object.assign(process.env, env);
  const server = await start('./fair-share-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const cheap = () => load(`${base}/open/system/member/get`, { connections: 1, headers: as(server.info.light.token), body: JSON.stringify({ guid: server.info.light.member }) });
    const alone = await cheap();
    const rows = [{ name: `${name}: cheap call alone`, 'req/s': Math.round(alone.requests.average), 'p50 ms': alone.latency.p50, 'p99 ms': alone.latency.p99, 'non-2xx': alone.non2xx, 'timeouts': alone.timeouts }];
    const verdicts: string[] = [];
    for (const { keyword, label } of KEYWORDS) {
      const flood = load(`${base}/open/system/member/page`, { connections: HEAVY_CONNECTIONS, headers: as(server.info.heavy.token), body: JSON.stringify({ page: 1, page_size: 20, keyword }) });
      const beside = await cheap();
      const heavy: autocannon.Result = await flood;
      // The server still works through the pages the load generator gave up on: one more, answered after them, before the next flood.
      await fetch(`${base}/open/system/member/page`, { method: 'POST', headers: as(server.info.heavy.token), body: JSON.stringify({ page: 1, page_size: 20, keyword }), signal: AbortSignal.timeout(120_000) });
      const ratio = beside.latency.p99 / Math.max(alone.latency.p99, 1);
      rows.push(
        { name: `${name}: cheap call beside the flood (${label})`, 'req/s': Math.round(beside.requests.average), 'p50 ms': beside.latency.p50, 'p99 ms': beside.latency.p99, 'non-2xx': beside.non2xx, 'timeouts': beside.timeouts },
        { name: `${name}: heavy BU, ${HEAVY_CONNECTIONS} connections of pages (${label})`, 'req/s': Math.round(heavy.requests.average), 'p50 ms': heavy.latency.p50, 'p99 ms': heavy.latency.p99, 'non-2xx': heavy.non2xx, 'timeouts': heavy.timeouts },
      );
      // A call that never came back has no latency: a run with one is not met, whatever the ratio.
      const answered = beside.requests.total > 0 && !beside.non2xx && !beside.errors && !beside.timeouts;
      verdicts.push(
        `${name}, ${label}: the cheap call's p99 beside a ${HEAVY_CONNECTIONS}-way heavy tenant is ${ratio.toFixed(2)}x its p99 alone (target <= 3) ${ratio <= 3 && answered ? 'MET' : 'NOT MET'}${answered ? '' : ' (some cheap calls were not answered)'}; the heavy BU's calls past the wait for a slot answer 503 (${heavy.non2xx}), ${heavy.timeouts} waited past the load's timeout`,
      );
    }
    console.table(rows);
    for (const v of verdicts) console.log(v);
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
