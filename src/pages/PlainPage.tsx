import { Container, Typography } from '@mui/material';
import { useLang } from '../shell/LangContext.tsx';

/**
 * Pages later issues build (home, app store, docs, app debug, tenant screens) show their title and
 * no content until then: nothing invented. `placeholder` marks the pages the spec itself calls
 * placeholders (service provider, file).
 */
export const PlainPage = ({ title, placeholder = false }: { title: string; placeholder?: boolean }) => {
  const { t } = useLang();
  return (
    <Container sx={{ py: 4 }} data-testid="plain-page">
      <Typography variant="h5" gutterBottom>
        {t(title)}
      </Typography>
      <Typography color="text.secondary">{t(placeholder ? 'page.coming_soon' : 'page.not_available')}</Typography>
    </Container>
  );
};
