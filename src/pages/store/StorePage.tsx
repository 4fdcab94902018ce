import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Container, List, ListItem, ListItemButton, ListItemText, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AppIcon } from '../../public/AppIcon.tsx';
import { SearchForm } from '../../public/SearchForm.tsx';
import { SEARCH_PATH, type StoreCard, type StoreClassification, type StorePage as Page } from '../../public/types.ts';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { tokens } from '../../shell/tokens.ts';
import { storeMessages } from './messages.ts';
import { Price } from './Price.tsx';

const PAGE_SIZE = 12;
const CLASSIFY_PATH = '/open/app/market/search/classify/list';

const AppCard = ({ app }: { app: StoreCard }) => {
  const { t } = useLang();
  return (
    <Card sx={{ height: '100%', '&:hover': { boxShadow: tokens.shadow.card } }} data-testid="store-card">
      <CardActionArea component={Link} to={`/appStore/${app.guid}`} sx={{ height: '100%', alignItems: 'stretch' }}>
        <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <AppIcon src={app.icon} name={app.name} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h2" noWrap>
                {app.name}
              </Typography>
              {app.provider && (
                <Typography variant="caption" color="text.secondary" noWrap component="p">
                  {t('store.provider', { name: app.provider })}
                </Typography>
              )}
            </Box>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: '3.2em' }}>
            {app.summary}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', minWidth: 0 }}>
              {app.labels.slice(0, 3).map((l) => (
                <Chip key={l.guid} label={l.name} size="small" variant="outlined" />
              ))}
            </Stack>
            <Price cents={app.price} cycle={app.cycle} variant="body2" />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

const Classifications = ({ current, onPick }: { current: string; onPick(guid: string): void }) => {
  const { t } = useLang();
  const classes = usePublicData<StoreClassification[]>(CLASSIFY_PATH);
  const items: { guid: string; name: string; app_count?: number }[] = [{ guid: '', name: t('store.all') }, ...(classes.data ?? [])];
  return (
    <Box component="nav" aria-label={t('store.classifications')} sx={{ minWidth: 0 }}>
      {/* A phone scrolls them sideways; a wider screen lists them down the left. */}
      <Stack direction="row" sx={{ display: { xs: 'flex', md: 'none' }, gap: 1, overflowX: 'auto', pb: 1 }}>
        {items.map((c) => (
          <Chip key={c.guid || 'all'} label={c.name} color={current === c.guid ? 'primary' : 'default'} onClick={() => onPick(c.guid)} aria-pressed={current === c.guid} />
        ))}
      </Stack>
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <Typography variant="overline" color="text.secondary" component="h2">
          {t('store.classifications')}
        </Typography>
        <List dense disablePadding>
          {items.map((c) => (
            <ListItem key={c.guid || 'all'} disablePadding>
              <ListItemButton
                selected={current === c.guid}
                onClick={() => onPick(c.guid)}
                aria-current={current === c.guid ? 'true' : undefined}
                // Named by the classification, its count read as its description.
                aria-describedby={c.app_count === undefined ? undefined : `class-count-${c.guid}`}
                sx={{ borderRadius: 1 }}
              >
                <ListItemText
                  primary={c.name}
                  secondary={c.app_count === undefined ? undefined : t('store.class_count', { smart_count: c.app_count })}
                  slotProps={{ secondary: { id: `class-count-${c.guid}`, 'aria-hidden': true } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Box>
  );
};

const StoreBody = () => {
  const { t } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const classify = params.get('classify') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(name);
  useEffect(() => setDraft(name), [name]);
  const go = (next: { name?: string; classify?: string; page?: number }) => {
    const q = new URLSearchParams();
    const n = next.name ?? name;
    const c = next.classify ?? classify;
    if (n) q.set('name', n);
    if (c) q.set('classify', c);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    navigate(q.size ? `/appStore/appSearch?${q}` : '/appStore');
  };
  const result = usePublicData<Page>(SEARCH_PATH, { name, classify_guid: classify, page, page_size: PAGE_SIZE });
  const pages = result.data ? Math.ceil(result.data.count / PAGE_SIZE) : 0;
  return (
    <>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', py: { xs: 4, md: 6 } }}>
        <Container maxWidth="lg">
          <Typography variant="h1">{t('route.app_store')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 640 }}>
            {t('store.lead')}
          </Typography>
          <Box sx={{ mt: 3, maxWidth: 560 }}>
            <SearchForm value={draft} onChange={setDraft} onSubmit={(q) => go({ name: q, page: 1 })} label={t('store.search_label')} button={t('store.search')} testId="store-search" maxLength={64} />
          </Box>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: 4, display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '200px 1fr' }, alignItems: 'start' }}>
        <Classifications current={classify} onPick={(c) => go({ classify: c, page: 1 })} />
        <Box component="section" aria-live="polite" aria-busy={result.loading} sx={{ minWidth: 0 }}>
          {result.error ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={result.reload}>{t('store.retry')}</Button>}>
              {t('store.failed')}
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="store-count">
                {result.data ? t(name ? 'store.results_for' : 'store.results', { smart_count: result.data.count, name }) : '\u00a0'}
              </Typography>
              {result.data && result.data.count === 0 ? (
                <Box sx={{ textAlign: 'center', py: 8, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: `${tokens.radius.medium}px` }} data-testid="store-empty">
                  <Typography variant="h4" component="p">
                    {t(name || classify ? 'store.empty' : 'store.empty_all')}
                  </Typography>
                  {(name || classify) && (
                    <Button sx={{ mt: 2 }} onClick={() => navigate('/appStore')}>
                      {t('store.clear')}
                    </Button>
                  )}
                </Box>
              ) : (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))' }}>
                  {result.data
                    ? result.data.list.map((app) => <AppCard key={app.guid} app={app} />)
                    : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} variant="rounded" height={180} />)}
                </Box>
              )}
              {pages > 1 && (
                <Pagination sx={{ mt: 4, display: 'flex', justifyContent: 'center' }} count={pages} page={page} onChange={(_, p) => go({ page: p })} aria-label={t('store.pages')} />
              )}
            </>
          )}
        </Box>
      </Container>
    </>
  );
};

/** `/appStore` and `/appStore/appSearch?name=&classify=`: the store's classifications, search and cards. */
export default withPageMessages(storeMessages, StoreBody);
