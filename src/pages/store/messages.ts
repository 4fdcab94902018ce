import { pageMessages } from '../../../i18n/client.ts';

/** The store pages' own messages, one chunk per language, fetched with the pages. */
export const storeMessages = pageMessages({
  zh: () => import('../../../i18n/ui/store/zh.ts'),
  hk: () => import('../../../i18n/ui/store/hk.ts'),
  en: () => import('../../../i18n/ui/store/en.ts'),
});
