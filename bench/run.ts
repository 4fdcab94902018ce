import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureBundle, printBundle } from './bundle.ts';

/**
 * `npm run bench`: every figure is measured in this one run, side by side with its baseline.
 * Servers run in child processes so the load generator does not share their event loop.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

const start = (file: string) =>
  new Promise<{ child: ChildProcess; info: Record<string, any> }>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (info) => resolve({ child, info: info as Record<string, any> }));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });

const load = (url: string, opts: Partial<autocannon.Options> = {}) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, method: 'POST', ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );

const row = (name: string, r: autocannon.Result, base?: number) => ({
  name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
  'ratio to (a)': base ? (r.requests.average / base).toFixed(2) : '1.00',
});

// The yardstick first, alone on the machine.
const yardstick = await start('./query-rate.ts');
yardstick.child.disconnect();
const raw = await start('./raw-server.ts');
const app = await start('./app-server.ts');
try {
  const headers = { authorization: `Bearer ${app.info.token}`, 'content-type': 'application/json' };
  const base = `http://127.0.0.1:${app.info.port}`;
  console.log(`Load: ${CONNECTIONS} connections, ${DURATION} s each, on 127.0.0.1. Roles in the table: ${app.info.roles}.\n`);
  const a = await load(`http://127.0.0.1:${raw.info.port}/`, { body: '{}' });
  const b = await load(`${base}/open/admin/system/role/page`, { headers, body: JSON.stringify({ page: 7, page_size: 20 }) });
  const guids: string[] = app.info.guids;
  const c = await load(`${base}/open/admin/system/role/get`, {
    headers,
    requests: guids.map((guid) => ({ method: 'POST', path: '/open/admin/system/role/get', headers, body: JSON.stringify({ guid }) })),
  });
  console.table([row('(a) raw node:http JSON', a), row('(b) role page, 20 of 10,000', b, a.requests.average), row('(c) role get', c, a.requests.average)]);
  const q = yardstick.info.queryRate as number;
  const ratio = c.requests.average / q;
  console.log(`\nIn-process PGlite primary-key query rate (same SQL as get): ${Math.round(q)} /s`);
  console.log(`(c) role get over HTTP: ${Math.round(c.requests.average)} req/s = ${ratio.toFixed(2)}x the query rate (target >= 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}`);
  console.log(`(c) p99 ${c.latency.p99} ms at ${CONNECTIONS} connections (target <= 15 ms) ${c.latency.p99 <= 15 ? 'MET' : 'NOT MET'}`);
} finally {
  raw.child.disconnect();
  app.child.disconnect();
}

console.log('\nJavaScript the browser loads (gzipped, from the last `vite build`):');
if (existsSync('dist/.vite/manifest.json')) printBundle(measureBundle());
else console.log('  no build in dist/: run `npm run build` first.');
