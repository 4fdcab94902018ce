import AddIcon from '@mui/icons-material/Add';
import { Box, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  Button, CreateBase, Datagrid, DeleteButton, EditBase, ListContextProvider, ResourceContextProvider, useGetManyReference, useList,
  useRecordContext, useRefresh, useTranslate, type Identifier,
} from 'react-admin';
import { relatedRoute, resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { renderColumn } from './fields.tsx';
import { defByName } from './registry.ts';
import { SchemaForm } from './SchemaForm.tsx';

const quiet = { onError: () => undefined };

/**
 * A definition's `related` rows on a record's page (an order's payments): listed through the
 * related mount's `list`, with add, edit and delete where that mount has them. A change reloads the
 * record too, since it may move it (a payment that covers the order pays it).
 */
export const RelatedRows = ({ rc }: { rc: ResourceCalls }) => (
  <>
    {(rc.def.admin.related ?? []).map(({ resource, field }) => {
      const target = defByName(resource);
      const route = target && relatedRoute(rc, target, field);
      return target && route ? <Related key={resource} target={target} route={route} field={field} /> : null;
    })}
  </>
);

const Related = ({ target, route, field }: { target: ConsoleDef; route: string; field: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const verbs = resourceCalls(route).verbs;
  const [editing, setEditing] = useState<Identifier | 'new'>();
  const { data = [], isPending } = useGetManyReference(route, { target: field, id: record?.id ?? '', pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } }, { enabled: !!record });
  const list = useList({ data, isPending });
  const columns = useMemo(() => target.admin.columns.filter((c) => c.field !== field && !c.off), [target, field]);
  if (!record) return null;
  const done = () => {
    setEditing(undefined);
    refresh();
  };
  const title = translate(`resources.${target.name}.name`, { smart_count: 2 });
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }} data-testid={`related-${target.name}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2">{title}</Typography>
        {verbs.add && <Button label="related.add" onClick={() => setEditing('new')} data-testid={`related-add-${target.name}`}><AddIcon /></Button>}
      </Box>
      <ResourceContextProvider value={route}>
        <ListContextProvider value={list}>
          {!isPending && !data.length ? (
            <Typography color="text.secondary">{translate('related.empty')}</Typography>
          ) : (
            <Datagrid bulkActionButtons={false} rowClick={verbs.update ? (id) => (setEditing(id), false) : false}>
              {columns.map((c) => renderColumn(target, c))}
              {verbs.delete && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onSuccess: done, ...quiet }} redirect={false} />}
            </Datagrid>
          )}
        </ListContextProvider>
        <Dialog open={editing !== undefined} onClose={() => setEditing(undefined)} fullWidth maxWidth="sm">
          <DialogTitle>{translate(`resources.${target.name}.name`, { smart_count: 1 })}</DialogTitle>
          <DialogContent>
            {editing === 'new' && (
              <CreateBase resource={route} record={{ [field]: record.id }} redirect={false} mutationOptions={{ onSuccess: done, ...quiet }}>
                <SchemaForm def={target} mode="create" hidden={[field]} onCancel={() => setEditing(undefined)} />
              </CreateBase>
            )}
            {editing !== undefined && editing !== 'new' && (
              <EditBase resource={route} id={editing} redirect={false} mutationMode="pessimistic" mutationOptions={{ onSuccess: done, ...quiet }}>
                <SchemaForm def={target} mode="edit" hidden={[field]} onCancel={() => setEditing(undefined)} />
              </EditBase>
            )}
          </DialogContent>
        </Dialog>
      </ResourceContextProvider>
    </Box>
  );
};
