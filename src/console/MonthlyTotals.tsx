import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { formatMoney } from '../shell/money.ts';

interface Total {
  month: string;
  currency: string;
  /** Cents, as digits: a sum is never a float. */
  amount: string;
  count: number;
}

/** A screen's `totals`: its call's sums by month and currency, above the list (a BU's expenses). */
export const MonthlyTotals = ({ rc, call }: { rc: ResourceCalls; call: string }) => {
  const translate = useTranslate();
  const locale = LANGUAGES[useLocale() as Lang] ?? 'zh-CN';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({ queryKey: [rc.route, call], queryFn: () => dataProvider.call<{ totals: Total[] }>(rc.route, call) });
  if (!data) return null;
  return (
    <Box component="section" aria-labelledby="totals-title" sx={{ mb: 3 }} data-testid="monthly-totals">
      <Typography id="totals-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('totals.title')}</Typography>
      {data.totals.length === 0 ? (
        <Typography color="text.secondary">{translate('totals.empty')}</Typography>
      ) : (
        <Table size="small" sx={{ maxWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('totals.month')}</TableCell>
              <TableCell>{translate('totals.currency')}</TableCell>
              <TableCell align="right">{translate('totals.amount')}</TableCell>
              <TableCell align="right">{translate('totals.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.totals.map((t) => (
              <TableRow key={`${t.month}-${t.currency}`}>
                <TableCell>{t.month}</TableCell>
                <TableCell>{t.currency}</TableCell>
                <TableCell align="right">{formatMoney(t.amount, locale, t.currency)}</TableCell>
                <TableCell align="right">{t.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
