import { Alert } from '@mui/material';
import { Create, Edit, Show, SimpleShowLayout, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { Conversation } from './Conversation.tsx';
import { RelatedRows } from './RelatedRows.tsx';
import { renderColumn } from './fields.tsx';
import { SchemaForm } from './SchemaForm.tsx';
import { StatusButtons } from './StatusButtons.tsx';
import { useOpensCreated } from './useOpensCreated.ts';

/** Errors were toasted by the http client; react-admin's own notice would repeat them. */
const quiet = { onError: () => undefined };

/**
 * A route bound to a BU (a record page's tab) does not ask for one. A new row that has a page of its
 * own (`opens`: a store app's) opens it, with the secrets its answer shows once.
 */
export const ResourceCreate = ({ rc }: { rc: ResourceCalls }) => {
  const opens = useOpensCreated(rc);
  return (
    <Create redirect="list" mutationOptions={rc.opens ? { ...quiet, onSuccess: opens } : quiet}>
      <SchemaForm def={rc.def} mode="create" owner={!rc.bound && rc.mount.scope === 'oversight' && rc.def.api.mounts.some((m) => m.scope === 'bu')} />
    </Create>
  );
};

/** `id`: the row, where the route's own `:id` is another record's (a record page's tab). */
export const ResourceEdit = ({ rc, id }: { rc: ResourceCalls; id?: string }) => (
  <Edit id={id} mutationMode="pessimistic" redirect="list" mutationOptions={quiet} queryOptions={{ onError: () => undefined }}>
    <SchemaForm def={rc.def} mode="edit" />
  </Edit>
);

/**
 * What a record's state means and what happens next, where its labels say (`resources.<name>.hints.
 * <tenant|operator>.<status field>.<value>`: an order to be paid says how it gets paid). None otherwise.
 */
const StateHint = ({ rc }: { rc: ResourceCalls }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const field = rc.def.api.status?.field;
  if (!record || !field) return null;
  const side = rc.mount.side === 'operator' ? 'operator' : 'tenant';
  const hint = translate(`resources.${rc.def.name}.hints.${side}.${field}.${String(record[field])}`, { _: '' });
  return hint ? (
    <Alert severity="info" data-testid="state-hint">
      {hint}
    </Alert>
  ) : null;
};

/**
 * Details: every column the definition lists, its `details`, the server-managed dates, the status
 * actions, and the conversation and related rows of a definition that has them.
 */
export const ResourceShow = ({ rc, id }: { rc: ResourceCalls; id?: string }) => {
  const fields = [
    ...rc.def.admin.columns,
    ...(rc.def.admin.details ?? []),
    ...['created_at', 'updated_at'].filter((f) => !rc.def.admin.columns.some((c) => c.field === f)).map((f) => ({ field: f, render: 'date' as const })),
  ];
  return (
    <Show id={id} actions={false} queryOptions={{ onError: () => undefined }}>
      {/* A record's own images are for reading (a licence under review): larger than a list's thumbnails. */}
      <SimpleShowLayout sx={{ '& img[data-testid=stored-image]': { maxHeight: 360, maxWidth: '100%' } }}>
        <StateHint rc={rc} />
        {fields.map((c) => renderColumn(rc.def, { ...c, label: ['created_at', 'updated_at'].includes(c.field) ? `common.fields.${c.field}` : undefined }))}
        <StatusButtons rc={rc} />
        {rc.def.admin.conversation && <Conversation rc={rc} />}
        {rc.def.admin.related && <RelatedRows rc={rc} />}
      </SimpleShowLayout>
    </Show>
  );
};
