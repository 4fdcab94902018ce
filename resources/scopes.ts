/**
 * The open API's scopes, declared once (docs/apps.md): an app makes a call or receives an event once
 * the scope it names is opened for it. Definitions name them (`openApi`, `events.scope`); each has
 * its name and description in zh, hk and en (`resources.api-group.seeded.<code>` in i18n/resources),
 * and the registry test fails on a scope named anywhere that is not here or lacks a label.
 */
export const SCOPES = [
  'contact:department:readonly', 'contact:department:write', 'contact:member:readonly', 'contact:member:write',
  'contact:position:readonly', 'contact:position:write', 'contact:role:readonly', 'message:send', 'org:bu:readonly', 'org:company:readonly', 'org:project:readonly',
  'service-desk:work-order:readonly', 'service-desk:work-order:write',
] as const;
/** One of the open API's scopes: definitions name them typed, so a misspelt scope fails `tsc`. */
export type OpenScope = (typeof SCOPES)[number];

/** The label key of a scope's name or description. */
export const scopeLabelKey = (code: string, field: 'name' | 'description') => `resources.api-group.seeded.${code}.${field}`;
