import { useEffect, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { useLang } from '../shell/LangContext.tsx';

/** The shell's language drives react-admin's locale. */
const LocaleSync = () => {
  const { lang } = useLang();
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (locale !== lang) setLocale(lang);
  }, [lang, locale, setLocale]);
  return null;
};

/** The shell draws the header, menus and breadcrumbs; react-admin renders only the page. */
export const BareLayout = ({ children }: { children?: ReactNode }) => (
  <>
    <LocaleSync />
    <span id="react-admin-title" hidden />
    {children}
  </>
);
