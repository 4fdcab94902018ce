import type { FastifyInstance } from 'fastify';
import type { Services } from '../engine/context.ts';
import { RETRY_AFTER_S } from '../http/envelope.ts';

/** How long the database has to answer a readiness check before the instance says it is not ready. */
export const READY_DEADLINE_MS = 2_000;

/**
 * Health checks for balancers and supervisors (docs/operations.md): `/healthz` answers while the
 * process serves requests; `/readyz` only while the database answers a query within
 * READY_DEADLINE_MS, else 503 with `Retry-After`, so a balancer stops sending calls to an
 * instance whose database is gone or hung. Neither needs a token, nor says more than its state.
 */
export const mountHealth = (app: FastifyInstance, services: Services) => {
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DEADLINE_MS)));
    const answered = services.db.query('select 1').then(() => true, () => false);
    const ready = await Promise.race([answered, deadline]).finally(() => clearTimeout(timer));
    reply.header('cache-control', 'no-store');
    return ready ? reply.send({ status: 'ok' }) : reply.status(503).header('retry-after', String(RETRY_AFTER_S)).send({ status: 'unavailable' });
  });
};
