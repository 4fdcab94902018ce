import type { CallSpec, Mount } from '../../resources/types.ts';
import { holds, USER_TYPE, type Caller } from '../auth/caller.ts';
import { Warning } from '../http/envelope.ts';
import { isRead, permissionOf } from './spec.ts';

/** Scope and permission, checked here for every call of every definition. */
export const authorize = (mount: Mount, spec: CallSpec, caller: Caller | null) => {
  if (spec.public) return;
  if (!caller) throw new Warning('server.not_logged_in', {}, null, 401);
  const operator = caller.userType === USER_TYPE.operator;
  switch (mount.scope) {
    case 'platform':
      if (!operator) throw new Warning('server.operators_only');
      break;
    case 'catalog':
      if (!isRead(spec) && !operator) throw new Warning('server.operators_only');
      break;
    case 'bu':
      if (operator) throw new Warning('server.no_access');
      if (!caller.buGuid) throw new Warning('server.bu_required');
      break;
    case 'user':
      break;
    case 'oversight':
      if (!operator) throw new Warning('server.operators_only');
      break;
  }
  const code = permissionOf(mount, spec);
  if (code && !holds(caller, code)) throw new Warning('server.no_access');
};

/** Whether `authorize` lets `caller` make the call: its refusal is false, any other fault is thrown. */
export const allows = (mount: Mount, spec: CallSpec, caller: Caller | null) => {
  try {
    authorize(mount, spec, caller);
    return true;
  } catch (e) {
    if (e instanceof Warning) return false;
    throw e;
  }
};
