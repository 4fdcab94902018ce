import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Scope } from '../../resources/types.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import type { RunContext, Services } from '../engine/context.ts';
import { authorize } from '../engine/authorize.ts';
import { defineCall, type CallDoc } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import type { ResourceName } from '../../resources/index.ts';
import type { MenuCode } from '../../resources/menus.ts';

export interface Access {
  /** No token needed. */
  public?: boolean;
  /** `bu` needs a tenant with a current BU; `user` any signed-in caller; `platform` operators. */
  scope?: Extract<Scope, 'bu' | 'user' | 'platform'>;
  /** A node of the menu skeleton (resources/menus.ts): the call's button hangs under it. */
  perm?: MenuCode;
  action?: string;
  /** Refuse operators (personal settings, BU switching). */
  tenantOnly?: boolean;
  /** The definition a write changes, for the operation log (its action is `action`, else `update`); absent for a read. */
  writes?: ResourceName;
}

export type BespokeHandler = (r: RunContext & { req: FastifyRequest; caller: Caller }) => Promise<unknown>;

/**
 * Bespoke calls that belong to no single entity (sign-up, sign-in, BU switching, personal
 * settings) go through the same pipeline (`runCall`) and the engine's `authorize`, so scope and
 * permission codes mean the same thing as on generated calls, and their writes are logged alike.
 */
export const bespoke = (app: FastifyInstance, services: Services, docs: CallDoc[], tag: string) =>
  (doc: Pick<CallDoc, 'path' | 'summary' | 'body' | 'answer' | 'limit' | 'file' | 'form' | 'formFields'> & { method?: CallDoc['method'] }, access: Access, handler: BespokeHandler) =>
    defineCall(
      app, services, docs,
      { method: 'POST', tag, public: !!access.public, permission: access.perm ? `${access.perm}:${access.action ?? 'view'}` : undefined, ...doc },
      {
        path: doc.path,
        authorize: (caller) => {
          if (access.public) return;
          authorize({ side: 'system', base: '', scope: access.scope ?? 'user', perm: access.perm, calls: {} }, { action: access.action ?? 'view' }, caller);
          if (access.tenantOnly && caller!.userType === USER_TYPE.operator) throw new Warning('server.tenants_only');
        },
        writes: access.writes ? { resource: access.writes, action: access.action ?? 'update' } : undefined,
        // defineCall always hands its request over.
        run: (ctx) => handler(ctx as RunContext & { req: FastifyRequest; caller: Caller }),
      },
    );
