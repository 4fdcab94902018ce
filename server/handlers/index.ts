import type { CallContext } from '../engine/context.ts';
import { auth, authList, permissions } from './role-grants.ts';

/** Named handlers that resource definitions may reference for real business rules. */
export const handlers: Record<string, (ctx: CallContext) => Promise<unknown>> = {
  'role.auth': auth,
  'role.permissions': permissions,
  'role.authList': authList,
};
