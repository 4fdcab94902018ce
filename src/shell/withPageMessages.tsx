import { CircularProgress } from '@mui/material';
import type { ComponentType } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { useLang } from './LangContext.tsx';
import { usePageMessages } from './usePageMessages.ts';

/** A page that renders once its own messages (`pageMessages`) are in for the current language; a spinner until then. */
export const withPageMessages = (messages: { pending(lang: Lang): Promise<void> | null }, Page: ComponentType) => {
  const WithMessages = () => {
    const { lang } = useLang();
    return usePageMessages(messages, lang) ? <Page /> : <CircularProgress sx={{ m: 4 }} />;
  };
  return WithMessages;
};
