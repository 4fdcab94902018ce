import { useLocale, useTranslate } from 'react-admin';
import { hasClientKey } from '../../i18n/client.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { labelKeyOf, titleOf } from './registry.ts';

/** A record's name on screen in the reader's language: its `labelKeys` message, else its title. */
export const useTitle = () => {
  const translate = useTranslate();
  const locale = useLocale() as Lang;
  return (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined) => {
    const key = labelKeyOf(def, record, (k) => hasClientKey(locale, k));
    return key ? translate(key) : titleOf(def, record);
  };
};
