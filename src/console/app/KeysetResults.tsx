import { Box, Button, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { useLang } from '../../shell/LangContext.tsx';
import { Empty } from '../EmptyState.tsx';

/**
 * A log page's results: loading, the empty sentence, or the total, the table and newer/older by
 * cursor (the server's keyset `next`). `testId` names the parts: `-total`, `-rows`, `-older`.
 */
export const KeysetResults = (p: {
  pending: boolean;
  rows: number;
  next: string | null | undefined;
  empty: string;
  total: string;
  head: ReactNode;
  body: ReactNode;
  /** The cursors seen so far: newer drops the last, older adds `next`. */
  cursors: (string | undefined)[];
  setCursors(f: (c: (string | undefined)[]) => (string | undefined)[]): void;
  testId: string;
}) => {
  const { t } = useLang();
  if (p.pending) return <PageLoading />;
  if (!p.rows) return <Empty text={p.empty} />;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`${p.testId}-total`}>
        {p.total}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={`${p.testId}-rows`}>
          <TableHead>
            <TableRow sx={{ '& > th': { whiteSpace: 'nowrap' } }}>{p.head}</TableRow>
          </TableHead>
          <TableBody>{p.body}</TableBody>
        </Table>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button size="small" disabled={p.cursors.length < 2} onClick={() => p.setCursors((c) => c.slice(0, -1))}>
          {t('apps.newer')}
        </Button>
        <Button size="small" disabled={!p.next} onClick={() => p.setCursors((c) => [...c, p.next!])} data-testid={`${p.testId}-older`}>
          {t('apps.older')}
        </Button>
      </Stack>
    </>
  );
};
