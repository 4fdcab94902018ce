import fastify from 'fastify';
import { expect, it } from 'vitest';
import { operationLog } from '../../resources/audit-log.ts';
import type { Services } from '../../server/engine/context.ts';
import { mountResources } from '../../server/engine/mount.ts';
import { handlers } from '../../server/handlers/index.ts';

/**
 * A keyset search (the audit logs) reads its table without the scope's row conditions, so the
 * engine refuses at start to serve one through any mount but the platform's: a BU's mount of it
 * would list every BU's rows.
 */
it('refuses a keyset definition mounted for a BU', () => {
  const broken = { ...operationLog, api: { ...operationLog.api, mounts: [{ side: 'system' as const, base: '/open/system/operation-log', scope: 'bu' as const, calls: { page: 'page' as const } }] } };
  expect(() => mountResources(fastify(), {} as Services, [broken], [], { handlers, rules: {} })).toThrow(/keyset search, which only a platform mount may serve/);
  expect(() => mountResources(fastify(), {} as Services, [operationLog], [], { handlers, rules: {} })).not.toThrow();
});
