import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/compress.mjs';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/driver.ts';
import { securityHeaders } from '../../server/http/security-headers.ts';
import { testDb } from '../helpers/db.ts';

/**
 * How the built web app is served: the brotli or gzip copy the build wrote, by Accept-Encoding;
 * content-hashed assets immutable, index.html (and every client-side route) no-cache; the
 * Content-Security-Policy on all of them; no log line per file. The static folder is made here
 * and compressed by the build's own code (scripts/compress.mjs), so no Vite build is needed.
 */
const ASSET = 'assets/app-3f9aC1d2.js';
const asset = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}", status: ${i % 3} }`).join(',\n')}];\n`;
const html = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>Open Platform</title><script type="module" crossorigin src="/${ASSET}"></script></head><body><div id="root"></div></body></html>\n`;

let db: Db;
let app: FastifyInstance;
let dir: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'open-serving-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, ASSET), asset);
  writeFileSync(join(dir, 'index.html'), html);
  await precompressDir(dir);
  db = await testDb();
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  ({ app } = await buildApp({ db, staticDir: dir, logger: true, logLevel: 'info', logStream }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the build compresses every text file once', () => {
  it('writes a brotli and a gzip copy beside each file, smaller than it and decoding to it', () => {
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual(['app-3f9aC1d2.js', 'app-3f9aC1d2.js.br', 'app-3f9aC1d2.js.gz']);
    const br = readFileSync(join(dir, `${ASSET}.br`));
    const gz = readFileSync(join(dir, `${ASSET}.gz`));
    expect(br.length).toBeLessThan(asset.length / 4);
    expect(gz.length).toBeLessThan(asset.length / 4);
    expect(brotliDecompressSync(br).toString()).toBe(asset);
    expect(gunzipSync(gz).toString()).toBe(asset);
    expect(readdirSync(dir)).toContain('index.html.br');
  });
});

describe('a content-hashed asset', () => {
  it('is sent as brotli when the browser accepts it, immutable for a year', async () => {
    const r = await get(`/${ASSET}`, 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
    expect(r.rawPayload.length).toBeLessThan(asset.length / 4);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(asset);
  });

  it('is sent as gzip to a browser that takes gzip only', async () => {
    const r = await get(`/${ASSET}`, 'gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(r.rawPayload).toString()).toBe(asset);
  });

  it('honours the browser preference between the two', async () => {
    expect((await get(`/${ASSET}`, 'br;q=0.5, gzip;q=1')).headers['content-encoding']).toBe('gzip');
    expect((await get(`/${ASSET}`, 'gzip;q=0.2, br')).headers['content-encoding']).toBe('br');
  });

  it('is sent as it is without an accepted encoding, still immutable and varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const r = await get(`/${ASSET}`, accept);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.payload).toBe(asset);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('carries the same Content-Security-Policy as every answer', async () => {
    const csp = securityHeaders()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect((await get(`/${ASSET}`, 'br')).headers['content-security-policy']).toBe(csp);
  });

  it('has no URL for its compressed copies', async () => {
    expect((await get(`/${ASSET}.br`, 'br')).statusCode).toBe(404);
    expect((await get(`/${ASSET}.gz`)).statusCode).toBe(404);
  });

  it('names no file by a path that is not canonical: 404 in the envelope, not an error', async () => {
    // Over a socket: inject would tidy these paths before the router saw them.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const path of ['/assets/%2e%2e/index.html', '/assets//app-3f9aC1d2.js', '/assets/./app-3f9aC1d2.js', '/assets/x/%2e%2e/app-3f9aC1d2.js']) {
      const r = await new Promise<{ status?: number; body: string }>((resolve, reject) =>
        request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'identity' } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        }).on('error', reject).end(),
      );
      expect(r.status, path).toBe(404);
      expect(JSON.parse(r.body), path).toMatchObject({ code: 404, data: null });
    }
  });
});

describe('index.html', () => {
  it('is revalidated on every visit (no-cache), compressed too, at / and /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const r = await get(url, 'br, gzip');
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(r.rawPayload).toString()).toBe(html);
      expect(r.headers['content-security-policy']).toBe(securityHeaders()['content-security-policy']);
    }
    const plain = await get('/');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.payload).toBe(html);
  });

  it('answers every client-side route, no-cache, while a missing asset and an unknown call stay 404 (Lark\'s dialect too)', async () => {
    const page = await get('/operation/role?page=2', 'gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toBe(html);
    expect((await get('/assets/app-00000000.js', 'br')).statusCode).toBe(404);
    const call = await app.inject({ method: 'POST', url: '/open/no/such/call', payload: {} });
    expect(call.statusCode).toBe(404);
    expect(call.json()).toMatchObject({ code: 404 });
    // A GET on Lark's POST-only calls is not a page of the console.
    for (const url of ['/open-apis/auth/v3/tenant_access_token/internal', '/callback/ws/endpoint']) {
      const wrong = await app.inject({ method: 'GET', url });
      expect(wrong.statusCode, url).toBe(404);
      expect(wrong.headers['content-type'], url).toContain('application/json');
    }
  });

  it('writes no log line for files, compressed or not; an API call gets its line, in Lark\'s dialect too', async () => {
    const before = lines.length;
    await get(`/${ASSET}`, 'br');
    await get(`/${ASSET}`);
    await get('/', 'gzip');
    await get('/operation/role');
    await app.inject({ method: 'POST', url: '/open/no/such/call', payload: {} });
    await app.inject({ method: 'POST', url: '/open-apis/auth/v3/tenant_access_token/internal', payload: {} });
    const perRequest = lines.slice(before).filter((l) => l.msg === 'request' || l.req || l.res);
    expect(perRequest.map((l) => l.route)).toEqual(['/open/no/such/call', '/open-apis/auth/v3/tenant_access_token/internal']);
  });
});
