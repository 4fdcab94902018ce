import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DURATION, load, row, start } from './load.ts';

type Flood = { requests: number; bytes: number; non2xx: number; errors: number };
/** Fetches `url` on `connections` connections for DURATION seconds from a process of the lowest priority (bench/flood-client.ts). */
const flood = (url: string, headers: Record<string, string>, connections: number) =>
  new Promise<Flood>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./flood-client.ts', import.meta.url)), [JSON.stringify({ url, headers, connections, duration: DURATION, method: 'GET' })], {
      execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    setPriority(child.pid!, 19);
    child.once('message', (m) => resolve(m as Flood));
    child.once('exit', (code) => (code ? reject(new Error(`the flood exited with ${code}`)) : undefined));
  });

/** A process's CPU seconds so far (Linux's /proc; undefined elsewhere). */
const cpuSeconds = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
};
/** What `run` costs the server: its CPU over the run's wall time, as a share of one core. */
const serverShare = async <T>(pid: number, run: () => Promise<T>): Promise<[T, string]> => {
  const [cpu0, t0] = [cpuSeconds(pid), performance.now()];
  const out = await run();
  const cpu1 = cpuSeconds(pid);
  return [out, cpu0 === undefined || cpu1 === undefined ? 'n/a' : `${Math.round(((cpu1 - cpu0) / ((performance.now() - t0) / 1000)) * 100)}%`];
};

/**
 * What the OpenAPI documents cost (docs/apps.md, "Open-API calls"), side by side in one run:
 * (k) the console's document against a static asset of the same bytes (both brotli, as browsers
 * ask), target >= 0.80x; (l) an operator's authorised call while 8 connections fetch the document,
 * against the same call alone, target >= 0.80x. `npx tsx bench/openapi.ts` runs this section alone.
 * The flood's client runs at the lowest CPU priority, standing in for clients elsewhere (on a 2-core
 * box its parsing of ~150 MB/s otherwise takes the cores the server and the measured client need);
 * the server's own CPU share is printed beside each run, and the flood's rate beside (l).
 */
export const benchOpenApi = async () => {
  const server = await start('./openapi-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const fetchHeaders = { 'accept-encoding': 'br, gzip', 'accept-language': 'en-US' };
    const asset = await load(`${base}/assets/openapi-twin.json`, { method: 'GET', headers: fetchHeaders });
    const doc = await load(`${base}/open/openapi.json`, { method: 'GET', headers: fetchHeaders });
    const call = () => load(`${base}/open/admin/system/role/page`, { headers: { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json' }, body: '{"page_size":20}' });
    const [alone, aloneCpu] = await serverShare(server.child.pid!, call);
    const [[crowded, flooded], crowdedCpu] = await serverShare(server.child.pid!, () => Promise.all([call(), flood(`${base}/open/openapi.json`, fetchHeaders, 8)]));
    const ratio = (name: string, r: autocannon.Result, against: autocannon.Result, cpu: string) => ({ ...row(name, r, against.requests.average, 'ratio'), 'server CPU': cpu });
    const kb = Math.round(server.info.bytes / 1024);
    console.table([
      ratio(`static asset, the document's ${kb} KB (brotli)`, asset, asset, ''),
      ratio('(k) GET /open/openapi.json (brotli)', doc, asset, ''),
      ratio('operator role page, alone', alone, alone, aloneCpu),
      ratio('(l) the same while 8 connections fetch the document', crowded, alone, crowdedCpu),
    ]);
    console.log(`the flood during (l): ${Math.round(flooded.requests)} documents/s, ${Math.round(flooded.bytes / 1e6)} MB/s, ${flooded.non2xx} not 2xx, ${flooded.errors} errors`);
    const k = doc.requests.average / asset.requests.average;
    const l = crowded.requests.average / alone.requests.average;
    const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
    console.log(`(k) document: ${k.toFixed(2)}x a static asset of its size (target >= 0.80) ${met(k >= 0.8)}`);
    console.log(`(l) operator's call while 8 connections fetch the document: ${l.toFixed(2)}x its rate alone (target >= 0.80) ${met(l >= 0.8)} (${DURATION} s each)`);
  } finally {
    server.child.disconnect();
    await new Promise((done) => (server.child.exitCode !== null ? done(null) : server.child.once('exit', done)));
  }
};

if (process.argv[1]?.endsWith('openapi.ts')) await benchOpenApi();
