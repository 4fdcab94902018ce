import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Alert, Autocomplete, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { post } from '../../dataProvider/http.ts';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { RecordTab } from '../../resources/types.ts';
import { useCan } from './ResourceList.tsx';

type Row = Record<string, unknown> & { guid: string };
/** How many options a search offers at once: typing narrows them. */
const OPTIONS = 50;
/** The largest page a paged call answers (server/engine/paging.ts). */
const PAGE = 100;

/** Rows from any answer shape the selection's calls give: a list, a page, or an object holding the list at `key`. */
const rowsOf = (answer: unknown, key?: string): Row[] => {
  const inner = key && answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[key] : answer;
  if (Array.isArray(inner)) return inner as Row[];
  const list = inner && typeof inner === 'object' ? (inner as { list?: unknown }).list : undefined;
  return Array.isArray(list) ? (list as Row[]) : [];
};

/** A row as a picker names it: its name, and the BU it belongs to where the answer says. */
const nameOf = (r: Row) => [r.name, r.code ? `(${String(r.code)})` : '', r.bu_name ? `· ${String(r.bu_name)}` : ''].filter(Boolean).join(' ');

/**
 * A record page's `selection` tab (a union BU's member BUs, shared departments, users and apps): what
 * the record holds now, a picker over what it may hold (searched on the server), and one save that
 * replaces the whole choice. Without the mount's update code it only shows what is chosen.
 */
export const SelectionTab = ({ tab, rc, label }: { tab: RecordTab; rc: ResourceCalls; label: string }) => {
  const sel = tab.selection!;
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const can = useCan(rc)('update');
  const bound = rc.bound ?? {};
  const path = (segment: string) => `${tab.base}/${segment}`;
  const key = ['selection', tab.base, sel.read, sel.key, bound];
  // A paged answer (a union's member BUs) is read to its end, a page at a time.
  const readAll = async () => {
    const body = (page: number) => ({ ...bound, page, page_size: PAGE });
    const first = await post<unknown>(path(sel.read), body(1), { silent: true });
    const paged = first as { list?: Row[]; count?: number };
    if (sel.key || !Array.isArray(paged.list) || typeof paged.count !== 'number') return first;
    const rows = [...paged.list];
    for (let page = 2; rows.length < paged.count && page <= paged.count / PAGE + 1; page++) rows.push(...(await post<{ list: Row[] }>(path(sel.read), body(page), { silent: true })).list);
    return rows;
  };
  const chosen = useQuery({ queryKey: key, queryFn: readAll, retry: false });
  const [draft, setDraft] = useState<Row[]>();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const saved = useMemo(() => rowsOf(chosen.data, sel.key), [chosen.data, sel.key]);
  useEffect(() => setDraft(undefined), [saved]);
  const rows = draft ?? saved;
  const options = useQuery({
    queryKey: ['selection-options', tab.base, sel.options, bound, keyword],
    queryFn: () => post(path(sel.options), { ...(sel.unbound ? {} : bound), ...(keyword ? { keyword } : {}), page: 1, page_size: OPTIONS }, { silent: true }),
    enabled: can,
    retry: false,
  });
  const offered = rowsOf(options.data).filter((o) => !rows.some((r) => r.guid === o.guid));
  // A field of the rows' definition, else one the answer adds beside them (its BU's name).
  const labelOf = (field: string) => translate(`resources.${tab.resource}.fields.${field}`, { _: translate(`common.fields.${field}`) });
  const changed = draft !== undefined && JSON.stringify(draft.map((r) => r.guid)) !== JSON.stringify(saved.map((r) => r.guid));

  const save = async () => {
    setSaving(true);
    try {
      await post(path(sel.save), { ...bound, [sel.field]: rows.map((r) => r.guid) });
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: ['selection'] });
    } catch {
      // The http client has shown the server's sentence.
    } finally {
      setSaving(false);
    }
  };

  if (chosen.isPending) return <Loading />;
  if (chosen.isError) return <Alert severity="warning">{translate('ra.notification.http_error')}</Alert>;
  return (
    <Box data-testid={`selection-${tab.url}`}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="selection-count">
        {translate('record_page.selection_count', { count: rows.length, name: label })}
      </Typography>
      {can && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Autocomplete
            sx={{ minWidth: 320, flex: '1 1 320px' }}
            options={offered}
            value={null}
            loading={options.isFetching}
            getOptionLabel={nameOf}
            filterOptions={(o) => o}
            isOptionEqualToValue={(a, b) => a.guid === b.guid}
            onInputChange={(_, v, reason) => reason === 'input' && setKeyword(v.trim())}
            onChange={(_, picked) => picked && setDraft([...rows, picked])}
            noOptionsText={translate('record_page.selection_none')}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={translate('record_page.selection_add', { name: label })}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `pick-${tab.url}` } }}
              />
            )}
          />
          <Button variant="contained" onClick={save} disabled={!changed || saving} data-testid={`save-${tab.url}`}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
      )}
      {rows.length === 0 ? (
        <Typography sx={{ py: 3 }} data-testid="selection-empty">
          {translate('record_page.selection_empty', { name: label })}
        </Typography>
      ) : (
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {sel.columns.map((c) => (
                <TableCell key={c}>{labelOf(c)}</TableCell>
              ))}
              {can && <TableCell>{translate('list.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.guid} data-testid="selection-row">
                {sel.columns.map((c) => (
                  <TableCell key={c}>{r[c] === null || r[c] === undefined ? '' : String(r[c])}</TableCell>
                ))}
                {can && (
                  <TableCell>
                    <IconButton size="small" aria-label={translate('record_page.selection_remove', { name: nameOf(r) })} onClick={() => setDraft(rows.filter((x) => x.guid !== r.guid))}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};

export default SelectionTab;
