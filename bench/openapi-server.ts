import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seedOperator } from '../server/seed/seed.ts';

/**
 * The server as `npm start` runs it, serving beside its OpenAPI document a static asset of the
 * same bytes (with the same brotli and gzip copies, as the build writes them), so the two are
 * fetched at the same size by the same client.
 */
const db = await openPglite();
const staticDir = mkdtempSync(join(tmpdir(), 'bench-openapi-static-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
// The static routes are those of the files present when the app is built: the twin's bytes come once the document exists.
const twin = join(staticDir, 'assets', 'openapi-twin.json');
for (const f of [twin, `${twin}.br`, `${twin}.gz`]) writeFileSync(f, '');
const { app } = await buildApp({ db, staticDir, ssrDir: join(staticDir, 'no-ssr'), logger: true, logLevel: process.env.LOG_LEVEL ?? 'info' });
await seedOperator(db, 'bench', 'Bench12345');
await app.listen({ port: 0, host: '127.0.0.1' });
const doc = await app.inject({ method: 'GET', url: '/open/openapi.json', headers: { 'accept-language': 'en-US' } });
writeFileSync(twin, doc.rawPayload);
writeFileSync(`${twin}.br`, brotliCompressSync(doc.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
writeFileSync(`${twin}.gz`, gzipSync(doc.rawPayload, { level: 9 }));
const login = await app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'bench', password: 'Bench12345' } });
process.send?.({ port: (app.server.address() as AddressInfo).port, token: login.json().data.token, bytes: doc.rawPayload.length });
process.on('disconnect', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
