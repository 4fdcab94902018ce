import type { Rules } from './context.ts';
import { permissionRules } from '../rules/permission.ts';
import { roleRules } from '../rules/role.ts';
import { userRules } from '../rules/user.ts';

const registry: Record<string, Rules> = {
  permission: permissionRules,
  role: roleRules,
  user: userRules,
};

const none: Rules = {};
export const rulesFor = (resource: string): Rules => registry[resource] ?? none;
