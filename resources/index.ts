import { bu } from './bu.ts';
import { unionBu, unionMembership } from './union-bu.ts';
import { columnConfig, columnPreference, publishedView, savedView } from './column-config.ts';
import { company } from './company.ts';
import { department, position } from './department.ts';
import { member } from './member.ts';
import { customField, fieldStatus } from './custom-field.ts';
import { approvalProcess, processInstance, processStep } from './process.ts';
import { org } from './org.ts';
import { orgApplication } from './org-application.ts';
import { i18nSetting } from './i18n-setting.ts';
import { project } from './project.ts';
import { appProject } from './app-project.ts';
import { authConfig, passwordPolicy, safePolicy } from './sso.ts';
import { subAccount } from './sub-account.ts';
import { buAccount } from './bu-account.ts';
import { buDict, dict } from './dict.ts';
import { permission } from './permission.ts';
import { role } from './role.ts';
import { ability, app, appExtProp, appScope, appSecurity } from './app.ts';
import { apiGroup, auditRecord } from './api-group.ts';
import { eventConfig, eventInfo, eventRel } from './event.ts';
import { classify, classifyApp, label, listing } from './store.ts';
import { installedApp, order, paymentRecord } from './order.ts';
import { appVersion } from './app-version.ts';
import { appAuthorisation } from './app-authorisation.ts';
import { providerInstallation, providerOrder, providerWorkOrder } from './provider.ts';
import { document } from './document.ts';
import { workOrder, workOrderRecord, workQuestion } from './work-order.ts';
import { announcement, message } from './message.ts';
import type { ResourceDef } from './types.ts';
import { user } from './user.ts';
import { loginLog, operationLog, requestLog } from './audit-log.ts';

/** Every entity of the product. Generic code (tables, calls, screens, tests) loops over this. */
const all = [
  permission, role, user, dict, buDict, columnConfig, columnPreference, savedView, publishedView, i18nSetting,
  // Tenant identity and organisation
  bu, org, orgApplication, company, project, department, position, member, customField, fieldStatus, subAccount, buAccount, passwordPolicy, safePolicy, authConfig,
  // Operators' groupings of BUs, and a BU's view of those it is in
  unionBu, unionMembership,
  // A BU's approval processes and their runs
  approvalProcess, processInstance, processStep,
  // Apps and the open API
  app, appSecurity, appExtProp, appScope, ability, apiGroup, auditRecord, appProject,
  // What people allowed apps to do as them (OAuth)
  appAuthorisation,
  // Events
  eventInfo, eventConfig, eventRel,
  // The app store, and what buying in it makes
  label, classify, classifyApp, listing, order, paymentRecord, installedApp, appVersion, providerInstallation, providerOrder, providerWorkOrder,
  // Developer documents
  document,
  // The service desk
  workOrder, workOrderRecord, workQuestion, message, announcement,
  // Audit logs (read-only; written by the server)
  loginLog, operationLog, requestLog,
] as const;
export const resources: readonly ResourceDef[] = all;

/** A definition's name: server code names definitions by it, so a misspelt one fails `tsc`. */
export type ResourceName = (typeof all)[number]['name'];

/** Definitions by name, for names that arrive as data (a body's, a stored row's); code names one with `defOf`. */
export const resourceByName: ReadonlyMap<string, ResourceDef> = new Map(resources.map((r) => [r.name, r]));

/** The definition of a name the code gives (every name is one: the registry holds them all). */
export const defOf = (name: ResourceName): ResourceDef => resourceByName.get(name)!;
