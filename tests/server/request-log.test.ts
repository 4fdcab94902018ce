import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { Warning } from '../../server/http/envelope.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** The request pipeline's own cost: one access line per call, LOG_LEVEL honoured, refusals summarised, no stacks for expected answers. */
let s: TestServer;
let assets: string;
beforeAll(async () => {
  s = await startServer();
  assets = mkdtempSync(join(tmpdir(), 'open-log-static-'));
  mkdirSync(join(assets, 'assets'));
  writeFileSync(join(assets, 'index.html'), '<!doctype html>');
  writeFileSync(join(assets, 'assets', 'app-1.js'), 'export {}');
});
afterAll(async () => {
  await s?.close();
  rmSync(assets, { recursive: true, force: true });
});

/** A server on the same database whose log lines are collected. */
const logged = async (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const built = await buildApp({ db: s.db, logger: true, logLevel: level, logStream: stream, staticDir: assets });
  await built.app.ready();
  return { app: built.app, lines };
};

describe('access log', () => {
  it('writes one line per call at info, with route, status, time, request id and caller kind; none for static files', async () => {
    const { app, lines } = await logged('info');
    const token = await s.login();
    await app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {}, headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    await app.inject({ method: 'GET', url: '/account/info' });
    const calls = lines.filter((l) => l.msg === 'request');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', route: '/open/admin/system/role/page', status: 200, caller: 'operator' });
    expect(calls[0].reqId).toBeTruthy();
    expect(typeof calls[0].ms).toBe('number');
    // Nothing else per request: fastify's own "incoming request" / "request completed" lines are off.
    expect(lines.filter((l) => l.req || l.res)).toEqual([]);
    await app.close();
  });

  it('counts refusals per address at info and writes them as one summary line', async () => {
    const { app, lines } = await logged('info');
    for (let i = 0; i < 5; i++) await app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {}, remoteAddress: '203.0.113.5' });
    await app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {}, headers: { authorization: 'Bearer forged' }, remoteAddress: '203.0.113.6' });
    expect(lines.filter((l) => l.msg === 'request' || l.msg === 'refused')).toEqual([]);
    await app.close();
    const summary = lines.find((l) => l.msg === 'refused requests');
    expect(summary).toMatchObject({ refused: 6, by_address: { '203.0.113.5': 5, '203.0.113.6': 1 } });
  });

  it('counts fetches of the published documents per address and writes them as one summary line', async () => {
    const { app, lines } = await logged('info');
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/open/openapi.json', remoteAddress: '203.0.113.7' });
    const fetched = await app.inject({ method: 'GET', url: '/open/api/openapi.json', remoteAddress: '203.0.113.8' });
    expect(fetched.statusCode).toBe(200);
    expect(lines.filter((l) => l.msg === 'request' || l.msg === 'published')).toEqual([]);
    await app.close();
    expect(lines.find((l) => l.msg === 'published requests')).toMatchObject({ published: 4, by_address: { '203.0.113.7': 3, '203.0.113.8': 1 } });
  });

  it('honours LOG_LEVEL: nothing per call at warn, each refusal at debug', async () => {
    const quiet = await logged('warn');
    await quiet.app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {}, headers: { authorization: `Bearer ${await s.login()}` } });
    await quiet.app.close();
    expect(quiet.lines).toEqual([]);
    const loud = await logged('debug');
    await loud.app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {} });
    expect(loud.lines.filter((l) => l.msg === 'refused')).toHaveLength(1);
    await loud.app.close();
  });
});

it('builds expected answers without a stack trace', () => {
  const w = new Warning('server.no_access');
  expect(w.stack ?? '').not.toMatch(/\n\s+at /);
  expect(new Error('fault').stack).toMatch(/\n\s+at /);
});
