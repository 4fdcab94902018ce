import { Alert } from '@mui/material';
import type { Lang } from '../../../i18n/languages.ts';
import { useLang } from '../../shell/LangContext.tsx';

/** Says so when a document is not written in the reader's language and is shown in the default one (docs/docs.md, "Languages"). */
export const FallbackNote = ({ textLang }: { textLang: Lang }) => {
  const { t, lang } = useLang();
  if (textLang === lang) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="doc-fallback">
      {t('docs.fallback')}
    </Alert>
  );
};
