/**
 * The message center's tab of each message kind (0 user, 1 app, 2 BU): the tenant screens of
 * `resources/message.ts`, and where the header's bell opens — the tab holding unread messages. A
 * module of its own, so the light public header need not load the definitions.
 */
export const MESSAGE_TABS: Readonly<Record<number, string>> = {
  0: '/account/notify-message',
  1: '/account/notify-message/app',
  2: '/account/notify-message/bu',
};
