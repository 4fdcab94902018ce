import { Alert, Container, Skeleton, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageHead } from '../../shell/usePageHead.ts';
import { HEAD_LEVEL } from '../../ssr/context.ts';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { DocBody } from './DocBody.tsx';
import { docsMessages } from './messages.ts';

/** `/terms/{id}`: an agreement, a published document whose code is `id` (service, privacy, …; docs/docs.md). */
const Terms = () => {
  const { t } = useLang();
  const { id } = useParams();
  const doc = usePublicData<{ title: string; summary: string | null; html: string }>('/open/admin/document-manage/find', { code: id });
  usePageHead(doc.data ? { title: `${doc.data.title} - ${t('app.title')}`, description: doc.data.summary || undefined } : null, HEAD_LEVEL.page);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {doc.error ? (
        <Alert severity="info" data-testid="terms-missing">{t('docs.terms_missing')}</Alert>
      ) : doc.data ? (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 2 }}>
            {doc.data.title}
          </Typography>
          <DocBody html={doc.data.html} />
        </>
      ) : (
        <Skeleton variant="rounded" height={320} />
      )}
    </Container>
  );
};

export default withPageMessages(docsMessages, Terms);
