import { Stack, Typography, Alert } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOpensCreated } from './useOpensCreated.ts';
import { Create, Loading, RecordContextProvider, ResourceContextProvider, SaveContextProvider, SimpleShowLayout, useCreatePath, useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { reloadSession, switchBu } from '../../dataProvider/authProvider.ts';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { createBody } from '../../dataProvider/dataProvider.ts';
import { toast } from '../../dataProvider/events.ts';
import { post } from '../../dataProvider/http.ts';
import { store, type Bu } from '../../dataProvider/session.ts';
import type { RecordTab, TenantScreen } from '../../resources/types.ts';
import { useLang } from '../shell/LangContext.tsx';
import { useSession } from '../shell/SessionContext.tsx';
import { Empty } from './EmptyState.tsx';
import { renderColumn, StatusValue } from './fields.tsx';
import { RecordActions } from './RecordActions.tsx';
import { fieldLabel } from './registry.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { CheckPanel } from './CheckPanel.tsx';
import { IdpAddresses, idpUnlinks, SsoPanel, UnlinkDialog } from './SsoPanel.tsx';

/**
 * The tenant console's forms: a create screen and a BU's single row. A chunk of their own, loaded
 * when one opens, so that a list page does not wait for the form inputs.
 */

/**
 * After creating a BU: with no current BU, switch to the new one (its token, then a reload onto `list`);
 * otherwise reload the BU list. True when the page is reloading.
 */
const afterBuCreated = async (bu: Bu, list: string) => {
  if (!store.get('currentBU')) {
    await switchBu(bu, list);
    return true;
  }
  await reloadSession();
  return false;
};

export const CreateScreen = ({ rc, screen }: { rc: ResourceCalls; screen: TenantScreen }) => {
  const { refresh } = useSession();
  const createPath = useCreatePath();
  const redirect = useRedirect();
  const notify = useNotify();
  const opens = useOpensCreated(rc);
  // A custom onSuccess replaces react-admin's own (notice and redirect), so it does both itself.
  const selectsBu = async (data: RaRecord) => {
    const list = createPath({ resource: rc.route, type: 'list' });
    if (await afterBuCreated(data as unknown as Bu, list)) return;
    refresh();
    notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
    redirect('list', rc.route);
  };
  return (
    <Create redirect="list" mutationOptions={{ onError: () => undefined, onSuccess: screen.selectsBu ? selectsBu : rc.opens ? opens : undefined }}>
      <SchemaForm def={rc.def} mode="create" />
    </Create>
  );
};

/** The BU's one row (a policy, the certification): read with `one`/`info`, saved with `save` or add/update. */
export const SingleScreen = ({ rc, check, panel, shows }: { rc: ResourceCalls; check?: string; panel?: TenantScreen['panel']; shows?: RecordTab['shows'] }) => {
  const { t } = useLang();
  const translate = useTranslate();
  const client = useQueryClient();
  const key = [rc.route, 'single'];
  const one = rc.verbs.one ?? rc.verbs.get;
  // A record page's tab names its record in every call (`bound`: an operator's BU page sends `bu_guid`).
  const bound = rc.bound ?? {};
  const q = useQuery({ queryKey: key, queryFn: () => post<RaRecord>(one!, { ...bound }) });
  const [saving, setSaving] = useState(false);
  // A save the person must confirm first (SSO: how many accounts a change of IdP unlinks).
  const [pending, setPending] = useState<{ values: Record<string, unknown>; unlinks: number }>();
  if (q.isPending) return <Loading />;
  if (q.isError) return <Empty text={t('page.not_available')} />;
  // No row yet and no defaults (required fields): `one` answers null, and the form starts empty.
  const data: RaRecord = q.data ?? ({} as RaRecord);
  const record: RaRecord = { ...data, id: data.guid ?? 'single' };
  // react-admin calls `save(values, callbacks)`: the confirmation is a call of its own.
  const save = async (values: Record<string, unknown>) => {
    const unlinks = panel === 'sso' ? idpUnlinks(data, values) : 0;
    if (unlinks) setPending({ values, unlinks });
    else await commit(values);
  };
  const commit = async (values: Record<string, unknown>) => {
    setPending(undefined);
    setSaving(true);
    try {
      const body = { ...createBody(rc, values), ...bound };
      if (rc.verbs.save) await post(rc.verbs.save, body);
      else if (data.guid) await post(rc.verbs.update!, { guid: data.guid, ...body });
      else await post(rc.verbs.add!, body);
      await client.invalidateQueries({ queryKey: key });
      toast(t('tenant.saved'), 'success');
    } catch {
      // Toasted by the http client.
    } finally {
      setSaving(false);
    }
  };
  const status = rc.def.api.status?.field;
  // The reason kept with the current state (e.g. why a certification was rejected), for the tenant to read.
  const reasons = [...new Set(rc.def.api.status?.transitions.flatMap((tr) => (tr.reason && record[tr.reason] ? [tr.reason] : [])))];
  return (
    <ResourceContextProvider value={rc.route}>
    <Stack spacing={2} data-testid="single-screen">
      {reasons.map((field) => (
        <Alert key={field} severity="warning" data-testid={`reason-${field}`}>
          {translate(fieldLabel(rc.def, field))}: {String(record[field])}
        </Alert>
      ))}
      {status && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography color="text.secondary">{translate(fieldLabel(rc.def, status))}</Typography>
          <StatusValue def={rc.def} field={status} value={record[status] ?? 0} testId="single-status" />
          <RecordContextProvider value={record}>
            <RecordActions rc={rc} onDone={() => client.invalidateQueries({ queryKey: key })} />
          </RecordContextProvider>
        </Stack>
      )}
      {check && <CheckPanel rc={rc} call={check} bound={bound} />}
      {shows && data.guid && (
        <SimpleShowLayout record={record} data-testid="single-shows" sx={{ p: 0 }}>
          {shows.map((c) => renderColumn(rc.def, c))}
        </SimpleShowLayout>
      )}
      {panel === 'sso' && <SsoPanel rc={rc} record={record} bound={bound} onChange={() => client.invalidateQueries({ queryKey: key })} />}
      {pending && <UnlinkDialog count={pending.unlinks} onCancel={() => setPending(undefined)} onConfirm={() => commit(pending.values)} />}
      <RecordContextProvider value={record}>
        <SaveContextProvider value={{ save, saving, mutationMode: 'pessimistic' }}>
          {/* Before the row exists (add/update definitions) the form checks what creating needs. */}
          {/* The record a tab is bound to is not the tab's to change. */}
          <SchemaForm def={rc.def} mode={!data.guid && !rc.verbs.save ? 'create' : 'edit'} hidden={Object.keys(bound)} saveOnly after={panel === 'sso' ? <IdpAddresses record={record} /> : undefined} />
        </SaveContextProvider>
      </RecordContextProvider>
    </Stack>
    </ResourceContextProvider>
  );
};
