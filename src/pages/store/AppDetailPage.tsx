import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Breadcrumbs, Button, Chip, Container, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import { Link, useParams } from 'react-router-dom';
import { AppIcon } from '../../public/AppIcon.tsx';
import { DocBody } from '../docs/DocBody.tsx';
import type { StoreDetail } from '../../public/types.ts';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageHead } from '../../shell/usePageHead.ts';
import { HEAD_LEVEL } from '../../ssr/context.ts';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { tokens } from '../../shell/tokens.ts';
import { storeMessages } from './messages.ts';
import { Price } from './Price.tsx';
import { Purchase } from './Purchase.tsx';

const DETAIL_PATH = '/open/app/market/search/app-manage/info';

const Detail = () => {
  const { t, lang } = useLang();
  const { id } = useParams();
  const found = usePublicData<StoreDetail>(DETAIL_PATH, { guid: id });
  const app = found.data;
  usePageHead(app ? { title: `${app.name} - ${t('route.app_store')} - ${t('app.title')}`, description: app.summary || undefined } : null, HEAD_LEVEL.page);
  if (found.error)
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Alert severity="warning" data-testid="app-not-found" action={<Button component={Link} to="/appStore" color="inherit" size="small">{t('store.back')}</Button>}>
          {t('store.not_found')}
        </Alert>
      </Container>
    );
  const images = app ? [...(app.cover_url ? [app.cover_url] : []), ...(app.screenshots ?? [])] : [];
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Breadcrumbs aria-label={t('route.app_store')} sx={{ mb: 3 }}>
        <MuiLink component={Link} to="/appStore" underline="hover" color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ArrowBack fontSize="small" /> {t('route.app_store')}
        </MuiLink>
        <Typography color="text.primary">{app?.name ?? '…'}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: `${tokens.radius.large}px`, p: { xs: 2.5, md: 4 } }}>
        <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center', minWidth: 0, flex: '1 1 360px' }}>
          {app ? <AppIcon src={app.icon} name={app.name} size={80} /> : <Skeleton variant="rounded" width={80} height={80} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }} data-testid="app-name">
              {app?.name ?? <Skeleton width={240} />}
            </Typography>
            {app?.provider && <Typography color="text.secondary">{t('store.provider', { name: app.provider })}</Typography>}
            {app?.summary && <Typography sx={{ mt: 1 }}>{app.summary}</Typography>}
            <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 1.5 }}>
              {app?.classifications.map((c) => (
                <Chip key={c.guid} label={c.name} size="small" color="primary" variant="outlined" component={Link} to={`/appStore/appSearch?classify=${c.guid}`} clickable />
              ))}
              {app?.labels.map((l) => <Chip key={l.guid} label={l.name} size="small" />)}
            </Stack>
          </Box>
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, flex: '0 1 320px' }}>
          {app && <Price cents={app.price} cycle={app.cycle} variant="h3" component="p" />}
          {app && <Purchase app={app} onBought={found.reload} />}
        </Stack>
      </Box>
      <Box component="section" aria-labelledby="about-title" sx={{ mt: 5 }}>
        <Typography id="about-title" variant="h2" sx={{ mb: 2 }}>
          {t('store.about')}
        </Typography>
        {app ? (
          // The introduction's Markdown, as the server rendered and sanitised it (as a document's).
          <Box sx={{ maxWidth: 820 }} data-testid="app-about">
            <DocBody html={app.description_html} lang={lang} />
          </Box>
        ) : (
          <Skeleton variant="text" height={96} />
        )}
      </Box>
      {images.length > 0 && app && (
        <Box component="section" aria-labelledby="shots-title" sx={{ mt: 5 }}>
          <Typography id="shots-title" variant="h2" sx={{ mb: 2 }}>
            {t('store.screenshots')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
            {images.map((src, i) => (
              <Box
                key={`${i}-${src}`}
                component="img"
                src={src}
                loading="lazy"
                alt={i === 0 && app.cover_url ? t('store.cover', { name: app.name }) : t('store.screenshot', { n: app.cover_url ? i : i + 1, name: app.name })}
                sx={{ width: '100%', aspectRatio: '16 / 10', objectFit: 'cover', borderRadius: `${tokens.radius.medium}px`, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
              />
            ))}
          </Box>
        </Box>
      )}
    </Container>
  );
};

/** `/appStore/{id}`: one app's page, with buying it. */
export default withPageMessages(storeMessages, Detail);
