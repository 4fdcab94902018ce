import { loginLogFilters, loginLogSchema, operationLogFilters, operationLogSchema, requestLogFilters, requestLogSchema } from '../schemas/audit-log.ts';
import { LOG_WINDOW_DAYS } from '../schemas/log-window.ts';
import { defineResource } from './define.ts';

/**
 * The audit logs (docs/operator.md, "Audit logs"), shown to operators under the Logs menu
 * (`/operation/log/...`). The server writes them in batches (server/services/audit-log.ts): sign-in
 * attempts from the sign-in routes, operations from the engine, requests from the HTTP edge. Every
 * call is a read: a keyset search (`keyset`) within a window of at most 7 days, newest first, by
 * page (the console) or by keyset (`cursor`), its total capped at 10,000.
 */

/** The window searched, picked as two instants at most LOG_WINDOW_DAYS apart (`window`). */
const searchWindow = { from: 'from', to: 'to', days: LOG_WINDOW_DAYS } as const;
const WINDOW = [{ field: searchWindow.from, type: 'datetime' }, { field: searchWindow.to, type: 'datetime' }] as const;

export const loginLog = defineResource({
  name: 'login-log',
  schema: loginLogSchema,
  storage: {
    table: 'login_log',
    keyset: { filters: loginLogFilters },
    indexes: [['username', 'created_at', 'guid']],
  },
  api: {
    window: searchWindow,
    filters: [...WINDOW, { field: 'username' }, { field: 'scene' }, { field: 'result' }, { field: 'ip' }],
    sort: '-created_at',
    mounts: [{ side: 'operator', base: '/open/admin/portal-login-log', scope: 'platform', perm: 'admin:login-log', calls: { page: 'page' } }],
  },
  admin: {
    titleField: 'username',
    tones: { result: { success: 'success', login_failed: 'error', login_throttled: 'warning', account_frozen: 'warning', account_not_activated: 'warning', ip_not_allowed: 'error' } },
    columns: [
      { field: 'created_at', render: 'date', zone: true },
      { field: 'username' },
      { field: 'scene', render: 'status' },
      { field: 'result', render: 'status' },
      { field: 'ip' },
      { field: 'user_agent' },
    ],
    screens: [
      { scene: 'admin', url: '/operation/log/login', menu: { icon: 'login' } },
    ],
  },
});

const operationColumns = [
  { field: 'created_at', render: 'date', zone: true },
  { field: 'username' },
  { field: 'user_type', render: 'status' },
  { field: 'resource', render: 'resource' },
  { field: 'action', render: 'status' },
  { field: 'path' },
  { field: 'target_guid' },
  { field: 'fields', render: 'field-names' },
  { field: 'ip' },
] as const;

/**
 * Every write through the engine. `operation-log/page` is everyone's (operators' and tenant
 * users'); `user-operation-log/page` is the tenant users' alone (main and sub accounts), the view
 * of one user or one BU by its filters.
 */
export const operationLog = defineResource({
  name: 'operation-log',
  schema: operationLogSchema,
  storage: {
    table: 'operation_log',
    keyset: { filters: operationLogFilters },
    indexes: [['user_guid', 'created_at', 'guid'], ['username', 'created_at', 'guid'], ['bu_guid', 'created_at', 'guid'], ['target_guid', 'created_at', 'guid']],
  },
  api: {
    window: searchWindow,
    filters: [...WINDOW, { field: 'username' }, { field: 'user_type' }, { field: 'resource' }, { field: 'action' }, { field: 'target_guid' }, { field: 'bu_guid' }],
    sort: '-created_at',
    mounts: [
      { side: 'operator', base: '/open/admin/operation-log', scope: 'platform', perm: 'admin:operation-log', calls: { page: 'page' } },
      {
        side: 'operator', base: '/open/admin/user-operation-log', scope: 'platform', perm: 'admin:user-operation-log',
        calls: { page: { verb: 'page', handler: 'log.userOperations' } },
      },
    ],
  },
  admin: {
    titleField: 'path',
    tones: { user_type: { '0': 'info', '1': 'success', '2': 'default' } },
    columns: operationColumns,
    screens: [
      { scene: 'admin', url: '/operation/log/operation', menu: { icon: 'history' } },
      { scene: 'admin', url: '/operation/log/user-operation', mount: '/open/admin/user-operation-log', menu: { icon: 'manage_history' } },
    ],
  },
});

export const requestLog = defineResource({
  name: 'request-log',
  schema: requestLogSchema,
  storage: {
    table: 'request_log',
    keyset: { filters: requestLogFilters },
    indexes: [['user_guid', 'created_at', 'guid'], ['username', 'created_at', 'guid'], ['bu_guid', 'created_at', 'guid']],
  },
  api: {
    window: searchWindow,
    filters: [...WINDOW, { field: 'username' }, { field: 'user_type' }, { field: 'path' }, { field: 'http_status' }, { field: 'request_id' }, { field: 'bu_guid' }],
    sort: '-created_at',
    mounts: [
      {
        side: 'operator', base: '/open/admin/system-log/request-user-log', scope: 'platform', perm: 'admin:request-log',
        calls: { page: 'page', detail: 'get' },
      },
    ],
  },
  admin: {
    titleField: 'path',
    tones: { user_type: { '0': 'info', '1': 'success', '2': 'default' } },
    columns: [
      { field: 'created_at', render: 'date', zone: true },
      { field: 'username' },
      { field: 'user_type', render: 'status' },
      { field: 'method' },
      { field: 'path' },
      { field: 'http_status' },
      { field: 'code' },
      { field: 'ms' },
      { field: 'ip' },
    ],
    details: [{ field: 'request_id' }, { field: 'user_agent' }, { field: 'bu_guid' }, { field: 'user_guid' }],
    screens: [
      { scene: 'admin', url: '/operation/log/request', menu: { icon: 'receipt' } },
    ],
  },
});
