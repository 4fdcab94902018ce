import type { Rules } from './context.ts';
import { permissionRules } from '../rules/permission.ts';
import { roleRules } from '../rules/role.ts';
import { userRules } from '../rules/user.ts';
import { buRules, companyRules, departmentRules, memberRules, orgRules, positionRules, projectRules, safePolicyRules } from '../rules/tenant.ts';

const registry: Record<string, Rules> = {
  permission: permissionRules,
  role: roleRules,
  user: userRules,
  bu: buRules,
  org: orgRules,
  company: companyRules,
  project: projectRules,
  department: departmentRules,
  position: positionRules,
  member: memberRules,
  'safe-policy': safePolicyRules,
};

const none: Rules = {};
export const rulesFor = (resource: string): Rules => registry[resource] ?? none;
