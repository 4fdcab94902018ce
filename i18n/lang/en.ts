import ra from 'ra-language-english';
import resources from '../resources/en.ts';
import server from '../server/en.ts';

/**
 * One language's share of the browser's large messages, a chunk of its own that i18n/messages.ts
 * loads for the current language only: the shared messages (server answers, validation, resource
 * labels, as in i18n/index.ts) and react-admin's own.
 */
export const shared: Record<string, unknown> = { ...server, ...resources };
export { ra };
