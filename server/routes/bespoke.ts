import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../resources/types.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import type { Services } from '../engine/context.ts';
import { authorize } from '../engine/authorize.ts';
import { defineCall, type CallDoc, type CallRequest } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';

export interface Access {
  /** No token needed. */
  public?: boolean;
  /** `bu` needs a tenant with a current BU; `user` any signed-in caller; `platform` operators. */
  scope?: Extract<Scope, 'bu' | 'user' | 'platform'>;
  perm?: string;
  action?: string;
  /** Refuse operators (personal settings, BU switching). */
  tenantOnly?: boolean;
}

export type BespokeHandler = (r: CallRequest & { caller: Caller }) => Promise<unknown>;

/**
 * Bespoke calls that belong to no single entity (sign-up, sign-in, BU switching, personal
 * settings) still go through the engine's `authorize`, so scope and permission codes mean the
 * same thing as on generated calls.
 */
export const bespoke = (app: FastifyInstance, services: Services, docs: CallDoc[], tag: string) =>
  (doc: Pick<CallDoc, 'path' | 'summary' | 'body' | 'answer' | 'limit'>, access: Access, handler: BespokeHandler) =>
    defineCall(
      app, services, docs,
      { method: 'POST', tag, public: !!access.public, permission: access.perm ? `${access.perm}:${access.action ?? 'view'}` : undefined, ...doc },
      async (r) => {
        if (!access.public) {
          authorize({ side: 'system', base: '', scope: access.scope ?? 'user', perm: access.perm, calls: {} }, { action: access.action ?? 'view' }, r.caller);
          if (access.tenantOnly && r.caller!.userType === USER_TYPE.operator) throw new Warning('server.tenants_only');
        }
        return handler(r as CallRequest & { caller: Caller });
      },
    );
