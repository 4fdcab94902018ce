import { workOrderInternal, workOrderRecordInternal, workOrderRecordSchema, workOrderSchema, workQuestionSchema } from '../schemas/work-order.ts';
import { defineResource } from './define.ts';

/**
 * A tenant's work order (docs/service-desk.md). Operators take it up, work on it and mark it
 * processed; the tenant closes it with an evaluation or reopens it. Every move and every reply is a
 * record of its conversation (`work-order-record`), which `get` answers with it.
 */
/** A work order's states in lists: to be assigned amber, processing blue, processed green, closed grey. */
export const WORK_ORDER_TONES = { state: { '0': 'warning', '1': 'info', '2': 'success', '3': 'default' } } as const;

export const workOrder = defineResource({
  name: 'work-order',
  schema: workOrderSchema,
  internal: workOrderInternal,
  storage: {
    table: 'work_order',
  },
  relations: {
    references: { app_guid: 'app', installed_app_guid: 'installed-app' },
  },
  api: {
    keyword: ['title', 'number'],
    filters: [{ field: 'state' }, { field: 'category' }, { field: 'bu_guid' }, { field: 'app_guid' }, { field: 'older_than', op: 'age' }],
    sort: '-updated_at',
    status: {
      field: 'state',
      transitions: [
        { name: 'take_up', from: [0], to: 1, sides: ['operator'] },
        { name: 'mark_processed', from: [1], to: 2, sides: ['operator'] },
        { name: 'evaluate', from: [2], to: 3, sides: ['tenant'], takes: ['rating', 'comment'] },
        { name: 'reopen', from: [2], to: 1, sides: ['tenant'], confirm: true },
      ],
    },
    // An app raises work orders for its BU (about itself), reads them with their conversation and hears of every move.
    openApi: { add: 'service-desk:work-order:write', page: 'service-desk:work-order:readonly', get: 'service-desk:work-order:readonly' },
    events: { scope: 'service-desk:work-order:readonly', created: 'service_desk.work_order.created_v1', updated: 'service_desk.work_order.updated_v1' },
    mounts: [
      {
        side: 'tenant', base: '/open/app/work-order', scope: 'bu', perm: 'tenant:work-order',
        calls: {
          save: 'add', page: 'page',
          get: { verb: 'get', handler: 'workOrder.get' },
          count: { handler: 'workOrder.count', action: 'view' },
          'update-status': 'status',
          // Not in the call catalogue: a tenant's attachments need an upload call of its own side. Private files.
          'file/simple-upload': { handler: 'files.upload', action: 'add', form: true },
        },
      },
      {
        side: 'operator', base: '/open/admin/work-order', scope: 'oversight', perm: 'admin:work-order',
        calls: {
          page: 'page', get: { verb: 'get', handler: 'workOrder.get' }, 'update-status': 'status',
          'file/simple-upload': { handler: 'files.upload', action: 'status', form: true },
        },
      },
    ],
  },
  admin: {
    titleField: 'title',
    tones: WORK_ORDER_TONES,
    columns: [
      { field: 'number' },
      { field: 'title' },
      { field: 'category', render: 'status' },
      { field: 'state', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
      { field: 'updated_at', render: 'date', sortable: true },
    ],
    details: [
      { field: 'description' },
      { field: 'app_guid', render: 'reference', reference: 'app' },
      { field: 'installed_app_guid', render: 'reference', reference: 'installed-app' },
      { field: 'attachments', render: 'files' },
      { field: 'rating' },
      { field: 'comment' },
    ],
    conversation: { resource: 'work-order-record', field: 'work_order_guid', reply: 'save' },
    screens: [
      { scene: 'admin', url: '/operation/work-order', menu: { icon: 'support_agent' } },
      { scene: 'tenant', url: '/account/work-order', needsBu: true, mount: '/open/app/work-order', menu: { icon: 'support_agent', title: 'route.work_order', order: 100 } },
    ],
  },
});

/** A reply in a work order's conversation, or a move between its states (written by the engine's rules). */
export const workOrderRecord = defineResource({
  name: 'work-order-record',
  schema: workOrderRecordSchema,
  internal: workOrderRecordInternal,
  storage: {
    table: 'work_order_record',
    indexes: [['work_order_guid', 'created_at']],
  },
  relations: {
    references: { work_order_guid: 'work-order' },
  },
  api: {
    sort: 'created_at',
    mounts: [
      { side: 'tenant', base: '/open/app/work-order-record', scope: 'bu', perm: 'tenant:work-order', calls: { save: { handler: 'workOrder.reply', action: 'update' } } },
      { side: 'operator', base: '/open/admin/work-order-record', scope: 'oversight', perm: 'admin:work-order', calls: { save: { handler: 'workOrder.reply', action: 'update' } } },
      // A service provider's answer to a work order about its store app (docs/store.md, "Service providers").
      { side: 'tenant', base: '/open/service-provider/work-order-record', scope: 'bu', perm: 'tenant:sp-work-order', calls: { save: { handler: 'workOrder.providerReply', action: 'update' } } },
    ],
  },
  admin: {
    titleField: 'content',
    columns: [{ field: 'author_name' }, { field: 'content' }, { field: 'created_at', render: 'date' }],
  },
});

/** A question a BU keeps with its answer; operators read every BU's. */
export const workQuestion = defineResource({
  name: 'work-question',
  schema: workQuestionSchema,
  storage: {
    table: 'work_question',
  },
  api: {
    keyword: ['title', 'content', 'answer'],
    filters: [{ field: 'category' }, { field: 'bu_guid' }],
    sort: '-updated_at',
    mounts: [
      { side: 'tenant', base: '/open/app/work-question', scope: 'bu', perm: 'tenant:work-order', calls: { save: 'add', page: 'page', get: 'get', update: 'update', delete: 'delete' } },
      { side: 'operator', base: '/open/admin/work-question', scope: 'oversight', perm: 'admin:work-order', calls: { page: 'page' } },
    ],
  },
  admin: {
    titleField: 'title',
    columns: [{ field: 'title' }, { field: 'category', render: 'status' }, { field: 'updated_at', render: 'date', sortable: true }],
    details: [{ field: 'content' }, { field: 'answer' }],
    screens: [
      { scene: 'tenant', url: '/account/work-order/questions', needsBu: true },
    ],
  },
});
