import autocannon from 'autocannon';
import { DURATION, load, row, start } from './load.ts';

/**
 * What the OpenAPI documents cost (docs/apps.md, "Open-API calls"), side by side in one run:
 * (k) the console's document against a static asset of the same bytes (both brotli, as browsers
 * ask), target >= 0.80x; (l) an operator's authorised call while 8 connections fetch the document,
 * against the same call alone, target >= 0.80x. `npx tsx bench/openapi.ts` runs this section alone.
 */
export const benchOpenApi = async () => {
  const server = await start('./openapi-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const fetchHeaders = { 'accept-encoding': 'br, gzip', 'accept-language': 'en-US' };
    const asset = await load(`${base}/assets/openapi-twin.json`, { method: 'GET', headers: fetchHeaders });
    const doc = await load(`${base}/open/openapi.json`, { method: 'GET', headers: fetchHeaders });
    const call = () => load(`${base}/open/admin/system/role/page`, { headers: { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json' }, body: '{"page_size":20}' });
    const alone = await call();
    // The flood runs in a worker thread of its own, as other clients would: on the measuring thread
    // it took that thread's time from the measured call's client, and the ratio measured the load generator.
    const [crowded] = await Promise.all([call(), load(`${base}/open/openapi.json`, { method: 'GET', headers: fetchHeaders, connections: 8, workers: 1 })]);
    const ratio = (name: string, r: autocannon.Result, against: autocannon.Result) => row(name, r, against.requests.average, 'ratio');
    const kb = Math.round(server.info.bytes / 1024);
    console.table([
      ratio(`static asset, the document's ${kb} KB (brotli)`, asset, asset),
      ratio('(k) GET /open/openapi.json (brotli)', doc, asset),
      ratio('operator role page, alone', alone, alone),
      ratio('(l) the same while 8 connections fetch the document', crowded, alone),
    ]);
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
