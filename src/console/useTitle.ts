import { useLocale } from 'react-admin';
import type { Lang } from '../../i18n/languages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { recordTitle } from './recordTitle.ts';

/** A record's name on screen in the reader's language (`recordTitle`). */
export const useTitle = () => {
  const locale = useLocale() as Lang;
  return (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined) => recordTitle(def, record, locale);
};
