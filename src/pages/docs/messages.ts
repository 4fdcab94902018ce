import { pageMessages } from '../../../i18n/client.ts';

/** The docs pages' own messages, one chunk per language, fetched with the pages. */
export const docsMessages = pageMessages({
  zh: () => import('../../../i18n/ui/docs/zh.ts'),
  hk: () => import('../../../i18n/ui/docs/hk.ts'),
  en: () => import('../../../i18n/ui/docs/en.ts'),
});
