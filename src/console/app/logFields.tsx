import { Chip, MenuItem, TextField } from '@mui/material';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { useLang } from '../../shell/LangContext.tsx';

/** The statuses a log search offers. */
const STATUSES = [200, 401, 429, 500];

/** A log search's window: from and to, in the person's local time (`datetime-local`). */
export const WindowFields = ({ from, to }: { from: string; to: string }) => {
  const { t } = useLang();
  return (
    <>
      <TextField name="from" type="datetime-local" size="small" label={t('apps.log_from')} defaultValue={from} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField name="to" type="datetime-local" size="small" label={t('apps.log_to')} defaultValue={to} slotProps={{ inputLabel: { shrink: true } }} />
    </>
  );
};

/** A select of HTTP statuses, `all` first (its empty value means any status). */
export const StatusSelect = ({ all }: { all: string }) => {
  const { t } = useLang();
  return (
    <TextField name="http_status" select size="small" label={t('apps.http_status')} defaultValue="" sx={{ minWidth: 140 }}>
      <MenuItem value="">{all}</MenuItem>
      {STATUSES.map((s) => (
        <MenuItem key={s} value={String(s)}>
          {s}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** An HTTP status as a chip: 2xx green, 5xx red, others amber. */
export const StatusChip = ({ status }: { status: number }) => (
  <Chip size="small" label={status} color={status >= 200 && status < 300 ? 'success' : status >= 500 ? 'error' : 'warning'} variant="outlined" />
);

/** A search's total in words: `key` and `key_capped` (past the cap, "More than …"). */
export const useTotalText = (key: string) => {
  const { t, lang } = useLang();
  return (total?: { count: number; capped: boolean }) =>
    total ? (total.capped ? t(`${key}_capped`, { count: total.count.toLocaleString(LANGUAGES[lang]) }) : t(key, { smart_count: total.count })) : '';
};
