import { pageMessages } from '../../../i18n/client.ts';
import { DEFAULT_LANG } from '../../../i18n/languages.ts';
import { loadMessages } from '../../../i18n/messages.ts';

/**
 * The app pages' and the developer log's words come with them, not with every page of the site.
 * Seeded scope and ability names are compared with the default language's (seeded.ts): it comes too.
 */
const withDefault = (words: Promise<{ default: Record<string, unknown> }>) => Promise.all([words, loadMessages(DEFAULT_LANG)]).then(([m]) => m);
export const appMessages = pageMessages({
  zh: () => withDefault(import('../../../i18n/ui/apps/zh.ts')),
  hk: () => withDefault(import('../../../i18n/ui/apps/hk.ts')),
  en: () => withDefault(import('../../../i18n/ui/apps/en.ts')),
});
