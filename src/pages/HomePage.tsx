import ArrowForward from '@mui/icons-material/ArrowForward';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Container, Skeleton, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AppIcon } from '../public/AppIcon.tsx';
import { SearchForm } from '../public/SearchForm.tsx';
import { Section } from '../public/Section.tsx';
import { CAPACITY_PATH, SEARCH_PATH, type Capability, type StoreCard, type StorePage } from '../public/types.ts';
import { usePublicData } from '../public/usePublicData.ts';
import { useLang } from '../shell/LangContext.tsx';
import { useSession } from '../shell/SessionContext.tsx';
import { tokens } from '../shell/tokens.ts';

/** The five featured store apps, by code (spec §1). */
export const FEATURED = ['SERVICE', 'ENGAGE', 'CONNECT', 'PROVISION', 'LEASE'] as const;

const Hero = () => {
  const { t } = useLang();
  const navigate = useNavigate();
  const session = useSession();
  const [query, setQuery] = useState('');
  const console = session.signedIn ? (session.operator ? '/operation' : '/account') : '/login';
  return (
    <Box sx={{ color: '#fff', background: `linear-gradient(135deg, ${tokens.colour.ink} 0%, ${tokens.colour.brandDark} 55%, ${tokens.colour.brand} 100%)`, py: { xs: 7, md: 11 } }}>
      <Container maxWidth="lg">
        <Typography variant="h1" data-testid="home-title" sx={{ fontSize: { xs: '2.1rem', md: `${tokens.font.scale.display}rem` }, maxWidth: 760 }}>
          {t('app.title')}
        </Typography>
        <Typography sx={{ mt: 2, fontSize: '1.15rem', maxWidth: 640, opacity: 0.92 }}>{t('home.tagline')}</Typography>
        <Box sx={{ mt: 4 }}>
          <SearchForm
            hero
            value={query}
            onChange={setQuery}
            onSubmit={(q) => navigate(`/developer/search?query=${encodeURIComponent(q)}`)}
            label={t('home.search_label')}
            placeholder={t('header.search_placeholder')}
            button={t('home.search')}
            testId="hero-search"
          />
        </Box>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 4, flexWrap: 'wrap' }}>
          <Button component={Link} to="/appStore" variant="contained" color="inherit" sx={{ color: tokens.colour.ink }}>
            {t('home.browse_store')}
          </Button>
          <Button component={Link} to="/developer/doc" variant="outlined" color="inherit">
            {t('home.read_docs')}
          </Button>
          <Button component={Link} to={console} variant="text" color="inherit" endIcon={<ArrowForward />}>
            {t(session.signedIn ? 'home.to_console' : 'home.start')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
};

/** A card, the whole of it one link when it leads somewhere: its name is its text (WCAG 2.5.3, label in name). */
const CardShell = ({ to, children, testId }: { to?: string; children: ReactNode; testId?: string }) => (
  <Card sx={{ height: '100%', transition: 'box-shadow .15s', '&:hover': to ? { boxShadow: tokens.shadow.card } : undefined }} data-testid={testId}>
    {to ? (
      <CardActionArea component={Link} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>{children}</CardContent>
      </CardActionArea>
    ) : (
      <CardContent>{children}</CardContent>
    )}
  </Card>
);

const Grid = ({ children, min = 220 }: { children: ReactNode; min?: number }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))` }}>{children}</Box>
);

const Failed = ({ onRetry }: { onRetry(): void }) => {
  const { t } = useLang();
  return (
    <Alert severity="warning" action={<Button color="inherit" size="small" onClick={onRetry}>{t('home.retry')}</Button>}>
      {t('home.load_failed')}
    </Alert>
  );
};

/** Each featured code links to its store page when the store has an app of that code; otherwise it is shown plainly. */
const Featured = () => {
  const { t } = useLang();
  const found = usePublicData<StorePage>(SEARCH_PATH, { codes: FEATURED, page_size: FEATURED.length });
  const byCode = new Map((found.data?.list ?? []).map((a: StoreCard) => [a.code.toUpperCase(), a]));
  return (
    <Section id="featured" title={t('home.featured')} lead={t('home.featured_lead')} tone="paper">
      {found.error ? (
        <Failed onRetry={found.reload} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }}>
          {FEATURED.map((code) => {
            const app = byCode.get(code);
            const name = app?.name ?? t(`home.featured_apps.${code}.name`);
            return (
              <CardShell key={code} to={app ? `/appStore/${app.guid}` : undefined} testId={`featured-${code}`}>
                <Stack spacing={1.5}>
                  {found.loading ? <Skeleton variant="rounded" width={48} height={48} /> : <AppIcon src={app?.icon} name={name} muted={!app} />}
                  <Typography variant="h4" component="h3">
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {app?.summary ?? t(`home.featured_apps.${code}.summary`)}
                  </Typography>
                  {!found.loading && !app && (
                    <Typography variant="caption" color="text.secondary" data-testid="not-in-store">
                      {t('home.not_in_store')}
                    </Typography>
                  )}
                </Stack>
              </CardShell>
            );
          })}
        </Box>
      )}
    </Section>
  );
};

const Capabilities = () => {
  const { t } = useLang();
  const caps = usePublicData<Capability[]>(CAPACITY_PATH);
  return (
    <Section
      id="capabilities"
      title={t('home.capabilities')}
      lead={t('home.capabilities_lead')}
      action={
        <Button component={Link} to="/open-capability" endIcon={<ArrowForward />}>
          {t('home.all_capabilities')}
        </Button>
      }
    >
      {caps.error ? (
        <Failed onRetry={caps.reload} />
      ) : (
        <Grid min={260}>
          {(caps.data ?? Array.from({ length: 3 }, () => null)).slice(0, 6).map((c, i) => (
            <CardShell key={c?.code ?? i} to={c ? `/open-capability#${encodeURIComponent(c.code)}` : undefined}>
              {c ? (
                <Stack spacing={1}>
                  <Typography variant="h4" component="h3">
                    {c.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {c.description}
                  </Typography>
                  <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
                    {t('home.counts', { apis: c.api_count, events: c.event_count })}
                  </Typography>
                </Stack>
              ) : (
                <Skeleton variant="text" height={80} />
              )}
            </CardShell>
          ))}
        </Grid>
      )}
    </Section>
  );
};

const Paths = () => {
  const { t } = useLang();
  const session = useSession();
  const paths: [string, string, string][] = [
    ['/developer/doc', 'route.developer_doc', 'home.path_docs'],
    [session.signedIn ? (session.operator ? '/operation' : '/business/app') : '/login?redirect=%2Fbusiness%2Fapp', 'header.console', 'home.path_console'],
    ['/developer/console', 'home.debug', 'home.path_debug'],
  ];
  return (
    <Section id="paths" title={t('home.paths')} tone="paper">
      <Grid min={260}>
        {paths.map(([to, title, text]) => (
          <CardShell key={title} to={to}>
            <Typography variant="h4" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {t(title)} <ArrowForward fontSize="small" color="primary" />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t(text)}
            </Typography>
          </CardShell>
        ))}
      </Grid>
    </Section>
  );
};

/** The public home page (spec §1, §2): hero with search, the featured apps, open capabilities and the ways in. */
export const HomePage = () => (
  <>
    <Hero />
    <Featured />
    <Capabilities />
    <Paths />
  </>
);
