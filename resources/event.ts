import { eventConfigInternal, eventConfigSchema, eventInfoSchema, eventRelSchema } from '../schemas/event.ts';
import { enabledTones } from './status.ts';
import type { Mount } from './types.ts';
import { defineResource } from './define.ts';

/**
 * Events (docs/events.md): the catalogue of event types, an app's endpoint and its subscriptions.
 * The pushes themselves, their attempts and replays are the outbox's (server/events/), reached
 * through named calls on the endpoint's mounts.
 */

/** The event types the platform emits (seeded, server/seed/event-types.ts). */
export const eventInfo = defineResource({
  name: 'event-info',
  schema: eventInfoSchema,
  storage: {
    table: 'event_info',
    unique: [['code']],
  },
  api: {
    keyword: ['code', 'name'],
    filters: [{ field: 'group_code' }, { field: 'status' }],
    sort: 'code',
    mounts: [
      { side: 'operator', base: '/open/admin/event', scope: 'catalog', perm: 'admin:app', calls: { 'info/list': 'list' } },
      { side: 'tenant', base: '/open/app/event', scope: 'catalog', perm: 'tenant:app', calls: { 'info/list': { verb: 'list', where: { status: [0] } } } },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [{ field: 'name' }, { field: 'code' }, { field: 'group_code' }, { field: 'description' }, { field: 'status', render: 'status' }],
  },
});

/** The named calls of an app's events beside its endpoint, on each side (server/handlers/events.ts). */
const endpointCalls = {
  // The endpoint with its keys, generated the first time it is read: a receiver needs them before its URL can answer.
  'subscribe-config/get': { handler: 'event.getConfig', action: 'view' },
  // Saving a request URL sends the challenge first; the URL is kept only if it is echoed within 1 s.
  'subscribe-config/save-update': { handler: 'event.saveConfig', action: 'update' },
  'log/page': { handler: 'event.logPage', action: 'view' },
  'log/replay': { handler: 'event.replay', action: 'update' },
} as const;

/** An app's event endpoint, one per app (`singletonPer`): request URL, its keys, and its health. */
export const eventConfig = defineResource({
  name: 'event-config',
  schema: eventConfigSchema,
  internal: eventConfigInternal,
  storage: {
    table: 'event_config',
    unique: [['app_guid']],
  },
  relations: {
    references: { app_guid: 'app' },
    singletonPer: 'app_guid',
  },
  api: {
    mounts: [
      {
        side: 'tenant', base: '/open/app/event', scope: 'bu', perm: 'tenant:app',
        calls: {
          ...endpointCalls,
          // A new Verification Token, Encrypt Key or signing secret (or no Encrypt Key).
          'subscribe-config/reset': { handler: 'event.resetKey', action: 'update' },
          // The debug console's endpoint self-test: the challenge against the saved URL, diagnosed.
          'subscribe-config/check': { handler: 'event.check', action: 'update' },
          // A sample event of a subscribed type, pushed through the outbox like any other.
          'test-send': { handler: 'event.testSend', action: 'update' },
        },
      },
      { side: 'operator', base: '/open/admin/event', scope: 'oversight', perm: 'admin:app', calls: endpointCalls },
      // The platform's store apps' endpoints: their tickets and their buyers' installations go there (docs/store.md).
      { side: 'operator', base: '/open/admin/app-manage/event', scope: 'platform', perm: 'admin:store-app', calls: endpointCalls },
    ],
  },
  admin: {
    columns: [{ field: 'request_url' }, { field: 'verified_at', render: 'date' }, { field: 'paused_at', render: 'date' }],
  },
});

/** The same calls on each side; saving checks the app's scopes (server/handlers/events.ts). */
const relCalls: Mount['calls'] = { 'subscribe-rel/save': { handler: 'event.subscribe', action: 'update' }, 'subscribe-rel/delete': 'delete', 'subscribe-rel/page': { verb: 'page', requires: ['app_guid'] } };

/** One event type an app receives; only types of scopes the app has opened (server/handlers/events.ts). */
export const eventRel = defineResource({
  name: 'event-rel',
  schema: eventRelSchema,
  storage: {
    table: 'event_rel',
    unique: [['app_guid', 'event_code']],
    // Emitting an event finds its subscribers by BU and type.
    indexes: [['bu_guid', 'event_code']],
  },
  relations: {
    references: { app_guid: 'app' },
  },
  api: {
    filters: [{ field: 'app_guid' }],
    sort: 'event_code',
    mounts: [
      { side: 'tenant', base: '/open/app/event', scope: 'bu', perm: 'tenant:app', calls: relCalls },
      { side: 'operator', base: '/open/admin/event', scope: 'oversight', perm: 'admin:app', calls: relCalls },
      // A platform store app's subscriptions: its buyers' events of the scopes they granted (server/events/emit.ts).
      { side: 'operator', base: '/open/admin/app-manage/event', scope: 'platform', perm: 'admin:store-app', calls: relCalls },
    ],
  },
  admin: {
    titleField: 'event_code',
    columns: [{ field: 'event_code' }, { field: 'created_at', render: 'date', sortable: true }],
  },
});
