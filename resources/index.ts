import { bu } from './bu.ts';
import { columnConfig, columnPreference } from './column-config.ts';
import { company } from './company.ts';
import { department, position } from './department.ts';
import { member } from './member.ts';
import { org } from './org.ts';
import { project } from './project.ts';
import { authConfig, passwordPolicy, safePolicy } from './sso.ts';
import { subAccount } from './sub-account.ts';
import { dict } from './dict.ts';
import { permission } from './permission.ts';
import { role } from './role.ts';
import { ability, app, appExtProp, appSecurity } from './app.ts';
import { apiGroup, auditRecord } from './api-group.ts';
import { eventConfig, eventInfo, eventRel } from './event.ts';
import { classify, classifyApp, label, listing } from './store.ts';
import { installedApp, order } from './order.ts';
import { document } from './document.ts';
import { workOrder, workOrderRecord, workQuestion } from './work-order.ts';
import { announcement, message } from './message.ts';
import type { ResourceDef } from './types.ts';
import { user } from './user.ts';

/** Every entity of the product. Generic code (tables, calls, screens, tests) loops over this. */
export const resources: readonly ResourceDef[] = [
  permission, role, user, dict, columnConfig, columnPreference,
  // Tenant identity and organisation
  bu, org, company, project, department, position, member, subAccount, passwordPolicy, safePolicy, authConfig,
  // Apps and the open API
  app, appSecurity, appExtProp, ability, apiGroup, auditRecord,
  // Events
  eventInfo, eventConfig, eventRel,
  // The app store, and what buying in it makes
  label, classify, classifyApp, listing, order, installedApp,
  // Developer documents
  document,
  // The service desk
  workOrder, workOrderRecord, workQuestion, message, announcement,
];

export const resourceByName = new Map(resources.map((r) => [r.name, r]));
