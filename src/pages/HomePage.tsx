import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useLang } from '../shell/LangContext.tsx';

/** The public home page: the ways in; the featured store apps come with the app store's calls. */
export const HomePage = () => {
  const { t } = useLang();
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 10 }}>
      <Container>
        <Typography variant="h3" component="h1" gutterBottom data-testid="home-title" sx={{ fontSize: { xs: '2.2rem', sm: '3rem' } }}>
          {t('app.title')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 4, flexWrap: 'wrap' }}>
          {(
            [
              ['/appStore', 'route.app_store'],
              ['/open-capability', 'route.open_capability'],
              ['/developer/doc', 'route.developer_doc'],
            ] as const
          ).map(([to, key]) => (
            <Button key={to} component={Link} to={to} variant="contained" color="secondary">
              {t(key)}
            </Button>
          ))}
        </Stack>
      </Container>
    </Box>
  );
};
