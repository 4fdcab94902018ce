import type { Rules } from '../engine/context.ts';
import { authConfigRules } from './sso.ts';
import { appRules, appSecurityRules } from './app.ts';
import { auditRules } from './app-scope.ts';
import { storeAppRules } from './store.ts';
import { appVersionRules } from './app-version.ts';
import { installedAppRules } from './installed-app.ts';
import { appAuthorisationRules } from './app-authorisation.ts';
import { documentRules } from './document.ts';
import { workOrderRules } from './work-order.ts';
import { announcementRules } from './announcement.ts';
import { unionBuRules } from './union-bu.ts';
import { orderRules, paymentRecordRules } from './order.ts';
import { permissionRules } from './permission.ts';
import { customFieldRules } from './custom-field.ts';
import { processRules } from './process.ts';
import { listSettingsRules } from './column-config.ts';
import { appProjectRules } from './app-project.ts';
import { roleRules } from './role.ts';
import { i18nSettingRules } from './i18n-setting.ts';
import { subAccountRules, userRules } from './user.ts';
import { buRules } from './bu.ts';
import { companyRules, departmentRules, memberRules, orgRules, positionRules, projectRules, safePolicyRules } from './tenant.ts';

/** Each definition's business rules, by definition name; the application hands them to the engine. */
export const rules: Record<string, Rules> = {
  permission: permissionRules,
  role: roleRules,
  user: userRules,
  'sub-account': subAccountRules,
  bu: buRules,
  org: orgRules,
  'i18n-setting': i18nSettingRules,
  company: companyRules,
  project: projectRules,
  department: departmentRules,
  position: positionRules,
  member: memberRules,
  'custom-field': customFieldRules,
  process: processRules,
  'safe-policy': safePolicyRules,
  'auth-config': authConfigRules,
  app: appRules,
  'app-security': appSecurityRules,
  'app-project': appProjectRules,
  'audit-record': auditRules,
  listing: storeAppRules,
  'classify-app': storeAppRules,
  document: documentRules,
  'work-order': workOrderRules,
  announcement: announcementRules,
  'union-bu': unionBuRules,
  order: orderRules,
  'installed-app': installedAppRules,
  'app-authorisation': appAuthorisationRules,
  'app-version': appVersionRules,
  'payment-record': paymentRecordRules,
  ...listSettingsRules,
};
