import { CircularProgress } from '@mui/material';
import { useLang } from './LangContext.tsx';

/** A page (or a lazy part of one) still loading: a spinner named in the reader's language, as a progress bar must be. */
export const PageLoading = () => {
  const { t } = useLang();
  return <CircularProgress sx={{ m: 4 }} aria-label={t('loading')} />;
};
