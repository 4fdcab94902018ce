import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { Warning } from '../../server/http/envelope.ts';
import { sendLark, toLark } from '../../server/lark/errors.ts';

/** The server's own conditions on Lark's paths keep a 5xx in Lark's shape: a client retries those, not a 400. */
const app = Fastify();
const faults: Record<string, () => unknown> = {
  disk: () => new Warning('server.disk_low', {}, null, 507),
  away: () => Object.assign(new Error('connection to server was lost'), { code: '08006' }),
  refusal: () => new Warning('server.operators_only'),
};
app.get('/open-apis/test/:fault', async (req, reply) => sendLark(req, reply, toLark(faults[(req.params as { fault: string }).fault](), req)));
afterAll(() => app.close());

it('answers a write refused for a nearly full disk with 507, the database away with 503 and Retry-After, and its own refusals with 400', async () => {
  const disk = await app.inject({ url: '/open-apis/test/disk' });
  expect([disk.statusCode, disk.json().code, disk.json().msg]).toEqual([507, 1, translate('en', 'server.disk_low')]);
  const away = await app.inject({ url: '/open-apis/test/away' });
  expect([away.statusCode, away.json().code, away.headers['retry-after']]).toEqual([503, 1, '5']);
  expect(away.json().msg).toBe(translate('en', 'server.unavailable', { seconds: 5 }));
  const refusal = await app.inject({ url: '/open-apis/test/refusal' });
  expect([refusal.statusCode, refusal.json().code, refusal.headers['retry-after']]).toEqual([400, 1, undefined]);
});
