import { Alert, Container, Skeleton, Typography } from '@mui/material';
import type { z } from 'zod';
import type { docRead } from '../../../schemas/document-answers.ts';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageHead } from '../../shell/usePageHead.ts';
import { HEAD_LEVEL } from '../../ssr/context.ts';
import { DocBody } from './DocBody.tsx';
import { FallbackNote } from './FallbackNote.tsx';

/**
 * A published document shown on a page of its own, outside the docs' tree: an agreement at
 * `/terms/{code}`, the about page. `missing` is the message key shown while none is published.
 */
export const StandaloneDoc = ({ code, missing }: { code: string; missing: string }) => {
  const { t } = useLang();
  const doc = usePublicData<z.infer<typeof docRead>>('/open/admin/document-manage/find', { code });
  usePageHead(doc.data ? { title: `${doc.data.title} - ${t('app.title')}`, description: doc.data.summary || undefined } : null, HEAD_LEVEL.page);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {doc.error ? (
        <Alert severity="info" data-testid="terms-missing">{t(missing)}</Alert>
      ) : doc.data ? (
        <>
          <Typography variant="h1" data-testid="doc-title" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 2 }}>
            {doc.data.title}
          </Typography>
          <FallbackNote textLang={doc.data.text_lang} />
          <DocBody html={doc.data.html} lang={doc.data.text_lang} />
        </>
      ) : (
        <Skeleton variant="rounded" height={320} />
      )}
    </Container>
  );
};
