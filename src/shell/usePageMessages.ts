import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/languages.ts';

/**
 * True once a page's own messages (i18n/client.ts `pageMessages`) are in for `lang`; until then the
 * page shows its loading state, and it renders again when they arrive.
 */
export const usePageMessages = (messages: { pending(lang: Lang): Promise<void> | null }, lang: Lang) => {
  const pending = messages.pending(lang);
  const [, arrived] = useState(0);
  useEffect(() => {
    if (pending) void pending.then(() => arrived((n) => n + 1), () => undefined);
  }, [pending]);
  return !pending;
};
