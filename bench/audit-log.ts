import autocannon from 'autocannon';
import { CONNECTIONS, load, row, start } from './load.ts';

/**
 * The operation log's search on 1,000,000 rows (docs/operator.md, "Audit logs"), beside a call the
 * same server answers from its caches alone. `npx tsx bench/audit-log.ts` runs this section alone.
 */

export const benchAuditLogs = async () => {
  const server = await start('./audit-log-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const headers = { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json' };
    const page = (body: Record<string, unknown>, connections?: number) => load(`${base}/open/admin/operation-log/page`, { headers, body: JSON.stringify(body), ...(connections ? { connections } : {}) });
    const baseline = await load(`${base}/open/admin/system/bu-management/sso/login-type-list`, { headers, body: '{}' });
    const withTotal = await page({ page_size: 20 });
    const without = await page({ page_size: 20, with_total: false });
    const byUser = await page({ page_size: 20, user_guid: server.info.user });
    const deep = await page({ page_size: 20, cursor: server.info.cursor });
    // One operator searching alone: the search's own latency, without waiting behind nine others in the one database engine.
    const alone = await page({ page_size: 20 }, 1);
    const ratio = (name: string, r: autocannon.Result) => row(name, r, baseline.requests.average, 'ratio to baseline');
    const rows = (server.info.rows as number).toLocaleString('en');
    console.table([
      ratio('baseline: authorised, answered from cache', baseline),
      ratio(`(j) operation log page, 20 of ${rows}, total capped`, withTotal),
      ratio('    (same page without its total)', without),
      ratio("    (one user's operations)", byUser),
      ratio('    (keyset page 5,000 rows deep)', deep),
      ratio('    (same first page, 1 connection)', alone),
    ]);
    const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
    console.log(`(j) operation log page on ${rows} rows: p99 ${withTotal.latency.p99} ms at ${CONNECTIONS} connections (target <= 25 ms) ${met(withTotal.latency.p99 <= 25)}; deep keyset page p99 ${deep.latency.p99} ms; one connection p99 ${alone.latency.p99} ms ${met(alone.latency.p99 <= 25)}`);
  } finally {
    server.child.disconnect();
    await new Promise((done) => (server.child.exitCode !== null ? done(null) : server.child.once('exit', done)));
  }
};

if (process.argv[1]?.endsWith('audit-log.ts')) await benchAuditLogs();
