import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Alert, Box, Breadcrumbs, Button, Collapse, Container, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { docRead, DocNode } from '../../../schemas/document-answers.ts';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageHead } from '../../shell/usePageHead.ts';
import { HEAD_LEVEL } from '../../ssr/context.ts';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { formatDay } from '../../shell/dates.ts';
import { DocBody } from './DocBody.tsx';
import { FallbackNote } from './FallbackNote.tsx';
import { docsMessages } from './messages.ts';

/** The documents' answers as their declarations type them (schemas/document-answers.ts; types only). */
type Doc = z.infer<typeof docRead>;

const TREE_PATH = '/open/admin/document-manage/all-list';
const FIND_PATH = '/open/admin/document-manage/find';

export const docLink = (category: string, code: string) => `/developer/doc?category=${encodeURIComponent(category)}&docCode=${encodeURIComponent(code)}`;

const firstOf = (nodes: DocNode[]): DocNode | undefined => nodes[0];

const TreeNodes = ({ nodes, current, depth }: { nodes: DocNode[]; current?: string; depth: number }) => (
  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
    {nodes.map((n) => (
      <li key={n.guid}>
        <MuiLink
          component={Link}
          to={docLink(n.category, n.code)}
          underline="none"
          aria-current={n.code === current ? 'page' : undefined}
          sx={{
            display: 'block', py: 0.6, pl: 1.5 + depth * 1.5, pr: 1, borderRadius: 1, fontSize: '0.9rem',
            color: n.code === current ? 'primary.main' : 'text.primary', bgcolor: n.code === current ? 'action.selected' : 'transparent', fontWeight: n.code === current ? 600 : 400,
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {n.title}
        </MuiLink>
        {n.children.length > 0 && <TreeNodes nodes={n.children} current={current} depth={depth + 1} />}
      </li>
    ))}
  </Box>
);

const Docs = () => {
  const { t, lang } = useLang();
  const [params] = useSearchParams();
  const tree = usePublicData<{ category: string; children: DocNode[] }[]>(TREE_PATH);
  const wanted = params.get('docCode') ?? '';
  const category = params.get('category') ?? '';
  // Without a code: the category's first document, else the first of all.
  const fallback = tree.data ? firstOf((tree.data.find((c) => c.category === category) ?? tree.data[0])?.children ?? []) : undefined;
  const code = wanted || fallback?.code || null;
  const doc = usePublicData<Doc>(code ? FIND_PATH : null, { code });
  const [open, setOpen] = useState(false);
  usePageHead(doc.data ? { title: `${doc.data.title} - ${t('route.developer_doc')} - ${t('app.title')}`, description: doc.data.summary || undefined } : null, HEAD_LEVEL.page);
  // A link to a heading (`#id`) lands on it once the document is in.
  useEffect(() => {
    if (doc.data && window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [doc.data]);
  useEffect(() => setOpen(false), [code]);

  const nav = (
    <Box component="nav" aria-label={t('docs.contents')} data-testid="doc-tree">
      {tree.data?.map((c) => (
        <Box key={c.category} sx={{ mb: 2 }}>
          <Typography variant="overline" component="h2" color="text.secondary" sx={{ px: 1.5 }}>
            {t(`docs.categories.${c.category}`)}
          </Typography>
          <TreeNodes nodes={c.children} current={doc.data?.code ?? code ?? undefined} depth={0} />
        </Box>
      ))}
      {tree.loading && <Skeleton variant="rounded" height={240} />}
    </Box>
  );

  if (tree.error) return <Container sx={{ py: 6 }}><Alert severity="error" action={<Button color="inherit" size="small" onClick={tree.reload}>{t('docs.retry')}</Button>}>{t('docs.failed')}</Alert></Container>;
  if (tree.data && tree.data.length === 0 && !wanted) return <Container sx={{ py: 6 }}><Typography variant="h1" sx={{ mb: 2 }}>{t('route.developer_doc')}</Typography><Typography color="text.secondary" data-testid="docs-empty">{t('docs.empty')}</Typography></Container>;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)', lg: '260px minmax(0, 1fr) 220px' }, alignItems: 'start' }}>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <Button startIcon={<MenuBookIcon />} variant="outlined" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="doc-tree-mobile">
          {t('docs.menu')}
        </Button>
        <Collapse in={open} id="doc-tree-mobile">
          <Box sx={{ mt: 2 }}>{nav}</Box>
        </Collapse>
      </Box>
      <Box sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 80, maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' }}>{nav}</Box>
      <Box component="article" sx={{ minWidth: 0, maxWidth: 860 }}>
        {doc.error ? (
          <Alert severity="warning" data-testid="doc-not-found">{t('docs.not_found')}</Alert>
        ) : doc.data ? (
          <>
            <Breadcrumbs sx={{ mb: 1 }} aria-label={t('docs.contents')}>
              <Typography color="text.secondary">{t(`docs.categories.${doc.data.category}`)}</Typography>
              {doc.data.parents.map((p) => (
                <MuiLink key={p.guid} component={Link} to={docLink(doc.data!.category, p.code)} underline="hover" color="inherit">
                  {p.title}
                </MuiLink>
              ))}
            </Breadcrumbs>
            <Typography variant="h1" data-testid="doc-title" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
              {doc.data.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
              {t('docs.updated', { date: formatDay(doc.data.updated_at) })}
            </Typography>
            <FallbackNote textLang={doc.data.text_lang} />
            <DocBody html={doc.data.html} lang={doc.data.text_lang} />
          </>
        ) : (
          <Skeleton variant="rounded" height={320} />
        )}
      </Box>
      {doc.data && doc.data.toc.length > 0 && (
        <Box component="nav" aria-label={t('docs.on_page')} data-testid="doc-toc" sx={{ display: { xs: 'none', lg: 'block' }, position: 'sticky', top: 80 }}>
          <Typography variant="overline" component="h2" color="text.secondary">
            {t('docs.on_page')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 1, borderColor: 'divider' }}>
            {doc.data.toc.map((h) => (
              <li key={h.id}>
                <MuiLink href={`#${encodeURIComponent(h.id)}`} underline="hover" color="text.secondary" sx={{ display: 'block', py: 0.4, pl: h.level === 3 ? 3 : 1.5, fontSize: '0.85rem' }}>
                  {h.text}
                </MuiLink>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Container>
  );
};

/** `/developer/doc?category=&docCode=`: the documents' tree, one document, its table of contents. */
export default withPageMessages(docsMessages, Docs);
