/**
 * The event types the platform emits, declared once (docs/events.md): definitions name their row
 * changes' (`events`), the server its events about an app itself; both are typed by this list, so
 * a misspelt code fails `tsc`. Each has its name and description in zh, hk and en
 * (`resources.event-info.seeded.<code>` in i18n/resources), which the registry test checks.
 */
export const EVENT_CODES = [
  'contact.department.created_v3', 'contact.department.updated_v3', 'contact.department.deleted_v3',
  'contact.user.created_v3', 'contact.user.updated_v3', 'contact.user.deleted_v3',
  'service_desk.work_order.created_v1', 'service_desk.work_order.updated_v1',
  'application.app.status_changed_v1', 'application.permission.changed_v1',
] as const;
export type EventCode = (typeof EVENT_CODES)[number];
