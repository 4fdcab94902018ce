import { announcementInternal, announcementSchema, messageInternal, messageSchema } from '../schemas/message.ts';
import { MESSAGE_TABS } from './message-tabs.ts';
import type { ListAction } from './types.ts';
import { defineResource } from './define.ts';

/** Marks every message of a tab's kind read (the catalogue's `add`: a reader adds reads). */
const readAll = (kind: number): ListAction => ({ name: 'read_all', call: 'add', body: { all: true, kind } });

/**
 * The message center (docs/messages.md): messages the platform writes when something happens to a
 * reader — a work order moved or answered, an application decided, an event endpoint paused, an
 * announcement published, a sub-account activated. Each reader has read or not read each of them.
 * Every call is a handler: what a reader sees is decided per message kind, not by one owner column.
 */
export const message = defineResource({
  name: 'message',
  schema: messageSchema,
  internal: messageInternal,
  storage: {
    table: 'message',
    indexes: [['bu_guid', 'kind', 'created_at'], ['to_user', 'created_at'], ['kind', 'created_at']],
  },
  api: {
    sort: '-created_at',
    filters: [{ field: 'unread', type: 'boolean' }],
    mounts: [
      {
        side: 'tenant', base: '/open/sys-announcement', scope: 'bu', perm: 'tenant:notify-message',
        calls: {
          list: { verb: 'page', handler: 'message.userList' },
          'app-list': { verb: 'page', handler: 'message.appList' },
          'bu-list': { verb: 'page', handler: 'message.buList' },
          get: { verb: 'get', handler: 'message.get' },
          // Marks messages read, `guids` or `all` of a kind: the catalogue's `add` (a reader adds reads).
          add: { handler: 'message.read', action: 'view' },
          'get-announcement-unread-quantity': { handler: 'message.unread', action: 'view' },
        },
      },
      {
        side: 'operator', base: '/open/admin/sys-announcement', scope: 'platform',
        calls: { 'get-announcement-unread-quantity': { handler: 'message.unread', action: 'view', signedIn: true } },
      },
    ],
  },
  admin: {
    titleField: 'title',
    columns: [{ field: 'title' }, { field: 'read', render: 'boolean' }, { field: 'created_at', render: 'date' }],
    details: [{ field: 'html', render: 'html' }, { field: 'link', render: 'link' }],
    screens: [
      {
        scene: 'tenant',
        url: '/account/notify-message',
        mount: '/open/sys-announcement',
        menu: { icon: 'notifications', title: 'route.notify_message', order: 110 },
        menuOnly: true,
      },
      { scene: 'tenant', url: MESSAGE_TABS[0], label: 'resources.message.tabs.user', needsBu: true, listActions: [readAll(0)] },
      { scene: 'tenant', url: MESSAGE_TABS[1], label: 'resources.message.tabs.app', needsBu: true, verbs: { page: 'app-list' }, listActions: [readAll(1)] },
      { scene: 'tenant', url: MESSAGE_TABS[2], label: 'resources.message.tabs.bu', needsBu: true, verbs: { page: 'bu-list' }, listActions: [readAll(2)] },
    ],
  },
});

/** What operators publish; published at once or by the scheduler (server/services/announcements.ts). */
export const announcement = defineResource({
  name: 'announcement',
  schema: announcementSchema,
  internal: announcementInternal,
  storage: {
    table: 'announcement',
    indexes: [['state', 'publish_at']],
  },
  api: {
    keyword: ['title'],
    filters: [{ field: 'state' }, { field: 'audience' }],
    sort: '-created_at',
    mounts: [{ side: 'operator', base: '/open/admin/sys-announcement', scope: 'platform', perm: 'admin:announcement', calls: { add: 'add', list: 'page', get: 'get' } }],
  },
  admin: {
    titleField: 'title',
    tones: { state: { '0': 'warning', '1': 'success' } },
    columns: [
      { field: 'title' },
      { field: 'audience', render: 'status' },
      { field: 'state', render: 'status' },
      { field: 'publish_at', render: 'date', zone: true },
      { field: 'published_at', render: 'date' },
      { field: 'reach' },
    ],
    details: [{ field: 'body' }],
    screens: [
      { scene: 'admin', url: '/operation/announcement', menu: { icon: 'campaign' } },
    ],
  },
});
