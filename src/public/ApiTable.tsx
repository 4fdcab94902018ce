import { Alert, Box, Skeleton, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useLang } from '../shell/LangContext.tsx';
import { usePublicData } from './usePublicData.ts';

/** Spec §9: page size 10 (options 10, 20, 30, 40), answers kept for 10 minutes. */
export const API_TABLE_SIZES = [10, 20, 30, 40];
export const API_TABLE_CACHE_MS = 10 * 60_000;

interface Row {
  name: string;
  api_code: string;
  path?: string;
}

const PATHS = { api: '/open/api-field/group-api-detail', event: '/open/api-field/group-event-detail' } as const;

/**
 * The embeddable API-documentation table (spec §2): a scope's APIs or events, a page at a time.
 */
/** `title` heads the table; a document that embeds it has its own heading, and names the table with `label` instead. */
export const ApiTable = ({ code, kind, title, label }: { code: string; kind: 'api' | 'event'; title?: string; label?: string }) => {
  const { t } = useLang();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(API_TABLE_SIZES[0]);
  const rows = usePublicData<{ list: Row[]; count: number }>(PATHS[kind], { code, page: page + 1, page_size: size }, API_TABLE_CACHE_MS);
  const id = `${kind}-${code.replace(/[^A-Za-z0-9-]/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={title ? id : undefined} aria-label={title ? undefined : label} data-testid={`api-table-${kind}`}>
      {title && (
        <Typography id={id} variant="h4" component="h3" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {rows.error ? (
        <Alert severity="warning">{rows.error}</Alert>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={title ? id : undefined} aria-label={title ? undefined : label}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('api_table.name')}</TableCell>
                  <TableCell>{t('api_table.code')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.data?.list.map((r) => (
                  <TableRow key={r.api_code}>
                    <TableCell>{r.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.path ?? r.api_code}</TableCell>
                  </TableRow>
                ))}
                {rows.data?.list.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={2} sx={{ color: 'text.secondary' }}>
                      {t('api_table.none')}
                    </TableCell>
                  </TableRow>
                )}
                {rows.loading && (
                  <TableRow>
                    <TableCell colSpan={2}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
          {(rows.data?.count ?? 0) > API_TABLE_SIZES[0] && (
            <TablePagination
              component="div"
              count={rows.data?.count ?? 0}
              page={page}
              rowsPerPage={size}
              rowsPerPageOptions={API_TABLE_SIZES}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setSize(Number(e.target.value));
                setPage(0);
              }}
            />
          )}
        </>
      )}
    </Box>
  );
};
