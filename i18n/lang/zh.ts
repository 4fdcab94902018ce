import ra from '../ui/ra-zh.ts';
import resources from '../resources/zh.ts';
import server from '../server/zh.ts';

/**
 * One language's share of the browser's large messages, a chunk of its own that i18n/messages.ts
 * loads for the current language only: the shared messages (server answers, validation, resource
 * labels, as in i18n/index.ts) and react-admin's own.
 */
export const shared: Record<string, unknown> = { ...server, ...resources };
export { ra };
