import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { callsOf } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import { definition } from '../../dataProvider/definitions.ts';

const columnConfig = definition('column-config');

interface RoleRow {
  guid: string;
  name: string;
  bu_name: string | null;
}

const rolesCall = callsOf(columnConfig).path('roles');
const roleText = (r: RoleRow) => (r.bu_name ? `${r.name} · ${r.bu_name}` : r.name);

/**
 * Who a column set or a view is for: everyone (empty), or the holders of one role — the platform's
 * or any BU's, found by typing part of its or its BU's name.
 */
export const AudienceSelect = ({ value, onChange, label, error, helperText }: { value: string | null; onChange(guid: string | null): void; label: string; error?: boolean; helperText?: React.ReactNode }) => {
  const translate = useTranslate();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['audience-roles', keyword], queryFn: () => post<RoleRow[]>(rolesCall, keyword ? { keyword } : {}, { silent: true }) });
  const chosen = useQuery({ queryKey: ['audience-role', value], enabled: !!value, queryFn: () => post<RoleRow[]>(rolesCall, { guids: [value] }, { silent: true }) });
  const selected = (value && (found.data?.find((r) => r.guid === value) ?? chosen.data?.[0])) || null;
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 280 }}
      options={found.data ?? []}
      loading={found.isPending}
      value={selected}
      filterOptions={(o) => o}
      getOptionLabel={roleText}
      isOptionEqualToValue={(a, b) => a.guid === b.guid}
      onChange={(_, r) => onChange(r?.guid ?? null)}
      onInputChange={(_, text, reason) => reason === 'input' && setKeyword(text)}
      noOptionsText={translate('views.no_roles')}
      // The label stays above: the placeholder says "everyone" when no role is chosen.
      renderInput={(params) => <TextField {...params} slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }} label={label} placeholder={translate('views.everyone')} error={error} helperText={helperText ?? translate('views.audience_hint')} data-testid="audience" />}
    />
  );
};

/** The form input of a set's or a published view's `role_guid`. */
export const AudienceInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  return <AudienceSelect value={(field.value as string | null) ?? null} onChange={(v) => field.onChange(v)} label={translate(label)} error={fieldState.invalid} helperText={fieldState.error?.message} />;
};
