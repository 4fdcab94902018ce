import type { ChildProcess } from 'node:child_process';
import { DURATION, load, row, start } from './load.ts';

/**
 * Other requests while order imports are refused (docs/orders.md "Import and export"): a cheap
 * authorised call (answered from caches) loaded alone, then the same load while a CSV of a header
 * and 1,500,000 blank lines (2.9 MB) is posted to `import-orders` again and again, one after
 * another. The file is read on a worker thread and refused at the lines cap, so the p99 of the
 * other calls must stay under 50 ms. `npx tsx bench/import-flood.ts` runs this section alone.
 */
const ask = (child: ChildProcess, m: string) =>
  new Promise<Record<string, number>>((resolve) => {
    child.once('message', (r) => resolve(r as Record<string, number>));
    child.send(m);
  });
const MiB = 1024 * 1024;
const BLANK_LINES = 1_500_000;

export const benchImportFlood = async () => {
  const server = await start('./import-flood-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const headers = { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json' };
    // A call held up past a second counts as a timeout: autocannon's latencies count only the answers that came.
    const cheap = () => load(`${base}/open/admin/system/bu-management/sso/login-type-list`, { headers, body: '{}', timeout: 1 });
    const file = new Blob([`Business unit,Item,Amount\r\n${'\r\n'.repeat(BLANK_LINES)}`]);
    const post = async () => {
      const form = new FormData();
      form.append('file', file, 'blank.csv');
      const t0 = performance.now();
      const r = await fetch(`${base}/open/admin/order-management/import-orders`, { method: 'POST', headers: { authorization: headers.authorization, 'accept-language': 'en-US' }, body: form });
      const body = (await r.json()) as { code: number; message: string };
      return { ms: performance.now() - t0, code: body.code, message: body.message };
    };

    const alone = await cheap();
    const { idle } = await ask(server.child, 'reset');
    let flooding = true;
    const answers: Awaited<ReturnType<typeof post>>[] = [];
    const flood = (async () => {
      while (flooding) answers.push(await post());
    })();
    const during = await cheap();
    flooding = false;
    await flood;
    const { peak } = await ask(server.child, 'peak');

    const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
    const refused = answers.filter((a) => a.code === 201).length;
    console.table([
      row('baseline: authorised, answered from cache, alone', alone, alone.requests.average, 'ratio to alone'),
      row(`(l) the same, while the ${(file.size / MiB).toFixed(1)} MiB CSV is imported`, during, alone.requests.average, 'ratio to alone'),
    ]);
    console.log(`Imports posted during the ${DURATION} s load: ${answers.length}, ${refused} refused with a sentence (${answers[0]?.message ?? 'none'}); answer in ${ms.length ? `${Math.round(ms[Math.floor(ms.length / 2)])} ms median, ${Math.round(ms[ms.length - 1])} ms slowest` : '-'}; server peak RSS over idle ${Math.round((peak - idle) / MiB)} MiB`);
    const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
    // autocannon's errors include its timeouts.
    const lost = during.errors;
    const ok = during.latency.p99 <= 50 && lost === 0 && answers.length > 0 && refused === answers.length;
    console.log(`(l) p99 of other calls while ${BLANK_LINES.toLocaleString('en')}-blank-line CSVs are refused: ${during.latency.p99} ms, alone ${alone.latency.p99} ms (target <= 50 ms, none failed or held past 1 s: ${lost}) ${met(ok)}`);
  } finally {
    server.child.disconnect();
    await new Promise((done) => (server.child.exitCode !== null ? done(null) : server.child.once('exit', done)));
  }
};

if (process.argv[1]?.endsWith('import-flood.ts')) await benchImportFlood();
