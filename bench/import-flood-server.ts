import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';
import { answerMemoryPeaks } from './memory-peak.ts';

/**
 * The server as `npm start` runs it, for the import flood (bench/import-flood.ts). Its memory peaks are
 * answered over IPC (bench/memory-peak.ts).
 */
const db = await openPglite();
const { app } = await buildApp({ db, logger: true, logLevel: process.env.LOG_LEVEL ?? 'warn' });
await seedOperator(db, 'bench', 'Bench12345');
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });

answerMemoryPeaks();
process.send?.({ port: (app.server.address() as AddressInfo).port, token: login.json().data.token as string });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
