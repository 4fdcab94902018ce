import type { ChildProcess } from 'node:child_process';
import { start } from './load.ts';

/**
 * Export of 100,000 orders (docs/orders.md "Import and export"): the time to stream the CSV and
 * the XLSX file over HTTP, and the server's peak resident memory over its idle figure, beside the
 * same rows read in the same batches and written nowhere. `npx tsx bench/order-export.ts` runs this section alone.
 */
const ask = (child: ChildProcess, m: string) =>
  new Promise<Record<string, number>>((resolve) => {
    child.once('message', (r) => resolve(r as Record<string, number>));
    child.send(m);
  });
const MiB = 1024 * 1024;

export const benchOrderExport = async () => {
  const server = await start('./order-export-server.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const rows = (server.info.rows as number).toLocaleString('en');
    const measure = async (label: string, run: () => Promise<number>) => {
      const { idle } = await ask(server.child, 'reset');
      const t0 = performance.now();
      const bytes = await run();
      const ms = performance.now() - t0;
      const { peak } = await ask(server.child, 'peak');
      return { name: label, 'time s': (ms / 1000).toFixed(2), 'MB sent': (bytes / 1e6).toFixed(1), 'idle RSS MiB': Math.round(idle / MiB), 'peak over idle MiB': Math.round((peak - idle) / MiB) };
    };
    const download = (format: string) => async () => {
      const r = await fetch(`${base}/open/admin/order-management/product/export-orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format }),
      });
      if (!r.ok || !r.body) throw new Error(`export ${format}: HTTP ${r.status}`);
      let bytes = 0;
      for await (const chunk of r.body) bytes += (chunk as Uint8Array).byteLength;
      return bytes;
    };
    const scan = await measure(`baseline: read the ${rows} rows in batches, write nothing`, async () => ((await ask(server.child, 'scan')).rows, 0));
    const csv = await measure(`(k) export ${rows} orders as CSV`, download('csv'));
    const xlsx = await measure(`(k) export ${rows} orders as XLSX`, download('xlsx'));
    console.table([scan, csv, xlsx]);
    const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
    const worst = Math.max(csv['peak over idle MiB'], xlsx['peak over idle MiB']);
    console.log(`(k) export of ${rows} orders: CSV ${csv['time s']} s, XLSX ${xlsx['time s']} s (the read alone ${scan['time s']} s); peak RSS over idle ${worst} MiB (target <= 150 MiB) ${met(worst <= 150)}`);
  } finally {
    server.child.disconnect();
    await new Promise((done) => (server.child.exitCode !== null ? done(null) : server.child.once('exit', done)));
  }
};

if (process.argv[1]?.endsWith('order-export.ts')) await benchOrderExport();
