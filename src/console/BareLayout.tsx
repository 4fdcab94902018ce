import { useEffect, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { useLocation } from 'react-router-dom';
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

/**
 * The path the screen on view was drawn for. A navigation is a transition: while the next screen
 * loads, the last one stays on view under the new address, and this still names the last one.
 */
export const Screen = ({ children }: { children?: ReactNode }) => (
  <div data-screen={useLocation().pathname} style={{ display: 'contents' }}>
    {children}
  </div>
);

/** The shell draws the header, menus and breadcrumbs; react-admin renders only the page. */
export const BareLayout = ({ children }: { children?: ReactNode }) => (
  <>
    <LocaleSync />
    <span id="react-admin-title" hidden />
    <Screen>{children}</Screen>
  </>
);
