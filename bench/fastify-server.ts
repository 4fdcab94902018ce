import Fastify from 'fastify';
import { securityHeaders } from '../server/http/security-headers.ts';

/**
 * Baselines (f): a bare Fastify route answering the same envelope — with the security headers
 * every answer of the product must carry (`?headers=1`, the floor for the same bytes on the wire)
 * and without them (the framework alone).
 */
const headers = securityHeaders();
const body = { code: 200, data: { guid: '00000000-0000-4000-8000-000000000000', name: 'role' }, message: 'Success' };
const app = Fastify({ logger: false });
app.post('/', async () => body);
app.post('/headers', async (_req, reply) => reply.headers(headers).send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0 });
process.on('disconnect', async () => {
  await app.close();
  process.exit(0);
});
