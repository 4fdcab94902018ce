import type { z } from 'zod';
import type { docSearch } from '../../../schemas/document-answers.ts';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Container, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AppIcon } from '../../public/AppIcon.tsx';
import { SearchForm } from '../../public/SearchForm.tsx';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { docLink } from './DocsPage.tsx';
import { docsMessages } from './messages.ts';

type Result = z.infer<typeof docSearch>;

const PAGE_SIZE = 10;
const SEARCH_PATH = '/open/developer-center/search';

const Search = () => {
  const { t } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const go = (q: string, p = 1) => navigate(`/developer/search?query=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ''}`);
  const found = usePublicData<Result>(query ? SEARCH_PATH : null, { query, page, page_size: PAGE_SIZE });
  const r = found.data;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {t('route.developer_search')}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <SearchForm value={draft} onChange={setDraft} onSubmit={(q) => go(q)} label={t('docs.search_label')} placeholder={t('header.search_placeholder')} button={t('docs.search')} testId="docs-search" />
      </Box>
      {!query && <Typography color="text.secondary" sx={{ mt: 3 }}>{t('docs.type_query')}</Typography>}
      {found.error && <Alert severity="error" sx={{ mt: 3 }}>{found.error}</Alert>}
      {query && !found.error && (
        <Box sx={{ mt: 4, display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' }, alignItems: 'start' }}>
          <Box component="section" aria-labelledby="docs-results" aria-busy={found.loading}>
            <Typography id="docs-results" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }} data-testid="search-count">
              {r ? (r.count ? t('docs.results', { smart_count: r.count, query }) : t(r.apps.length || r.capabilities.length ? 'docs.no_doc_results' : 'docs.no_results', { query })) : '\u00a0'}
            </Typography>
            <Stack spacing={2}>
              {r
                ? r.list.map((d) => (
                    <Card key={d.guid} data-testid="search-result">
                      <CardActionArea component={Link} to={docLink(d.category, d.code)}>
                        <CardContent>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                            <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', color: 'primary.main' }}>
                              {d.title}
                            </Typography>
                            <Chip size="small" label={t(`docs.categories.${d.category}`)} />
                          </Stack>
                          {/* The server escapes the snippet; its only markup is <mark> around the words. */}
                          <Typography variant="body2" color="text.secondary" sx={{ '& mark': { bgcolor: '#fff3bf', color: 'text.primary', px: 0.25 } }} dangerouslySetInnerHTML={{ __html: d.snippet }} />
                        </CardContent>
                      </CardActionArea>
                    </Card>
                  ))
                : Array.from({ length: 3 }, (_, i) => <Skeleton key={i} variant="rounded" height={96} />)}
            </Stack>
            {r && r.count > PAGE_SIZE && <Pagination sx={{ mt: 3 }} count={Math.ceil(r.count / PAGE_SIZE)} page={page} onChange={(_, p) => go(query, p)} aria-label={t('docs.pages')} />}
          </Box>
          <Stack spacing={3}>
            {r && r.apps.length > 0 && (
              <Box component="section" aria-labelledby="app-results">
                <Typography id="app-results" variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
                  {t('docs.apps')}
                </Typography>
                <Stack spacing={1}>
                  {r.apps.map((a) => (
                    <Stack key={a.guid} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <AppIcon src={a.icon} name={a.name} size={32} />
                      <Button component={Link} to={`/appStore/${a.guid}`} sx={{ justifyContent: 'flex-start' }}>
                        {a.name}
                      </Button>
                    </Stack>
                  ))}
                </Stack>
              </Box>
            )}
            {r && r.capabilities.length > 0 && (
              <Box component="section" aria-labelledby="cap-results">
                <Typography id="cap-results" variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
                  {t('docs.capabilities')}
                </Typography>
                <Stack spacing={0.5}>
                  {r.capabilities.map((c) => (
                    <Button key={c.code} component={Link} to={`/open-capability#${encodeURIComponent(c.code)}`} sx={{ justifyContent: 'flex-start' }}>
                      {c.name}
                    </Button>
                  ))}
                </Stack>
              </Box>
            )}
          </Stack>
        </Box>
      )}
    </Container>
  );
};

/** `/developer/search?query=`: documents by title and body with highlighted passages, and matching apps and capabilities. */
export default withPageMessages(docsMessages, Search);
