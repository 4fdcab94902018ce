import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';

/**
 * The server as `npm start` runs it, for the import flood (bench/import-flood.ts). It samples its own
 * resident memory every 10 ms and answers the peak since the last `reset` over IPC.
 */
const db = await openPglite();
const { app } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'warn' });
await seedOperator(db, 'bench', 'Bench12345');
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
setInterval(sample, 10).unref();
process.on('message', async (m: string) => {
  if (m === 'reset') {
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    peak = 0;
    sample();
    process.send?.({ idle: process.memoryUsage().rss });
  } else if (m === 'peak') {
    sample();
    process.send?.({ peak });
  }
});
process.send?.({ port: (app.server.address() as AddressInfo).port, token: login.json().data.token as string });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
