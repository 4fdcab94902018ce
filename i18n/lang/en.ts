import ra from '../ui/ra-en.ts';
import resources from '../resources/en.ts';
import common from '../common/en.ts';

/**
 * One language's share of the browser's large messages, a chunk of its own that i18n/messages.ts
 * loads for the current language only: the messages shared with the server (validation, action
 * names, resource labels; its own answers and mail stay on the server) and react-admin's own.
 */
export const shared: Record<string, unknown> = { ...common, ...resources };
export { ra };
