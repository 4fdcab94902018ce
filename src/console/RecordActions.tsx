import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import {
  AutocompleteArrayInput, Button, Confirm, Form, ReferenceArrayInput, SaveButton, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate,
  type RaRecord,
} from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { RecordAction } from '../../resources/types.ts';
import { defByName } from './registry.ts';
import { useRouteOf } from './routeOf.tsx';

/** Actions of the screens on show, by route (the tenant console provides them; the operator console has none). */
export const ScreenActionsContext = createContext<Map<string, readonly RecordAction[]>>(new Map());

export const actionLabel = (def: string, name: string) => `record_actions.${def}.${name}`;
const offered = (a: RecordAction, record?: RaRecord) =>
  !a.when || (!!record && Object.entries(a.when).every(([field, values]) => values.includes(record[field] as never)));

const ActionButton = ({ rc, action, onDone }: { rc: ResourceCalls; action: RecordAction; onDone?(): void }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const routeOf = useRouteOf();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!offered(action, record)) return null;
  const label = translate(actionLabel(rc.def.name, action.name));
  const run = async (input: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      await dataProvider.call(rc.route, action.call, action.noBody ? {} : { guid: record?.id, ...input });
      notify('list.status_done', { type: 'success', messageArgs: { action: label } });
      refresh();
      onDone?.();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  const target = action.input ? defByName(action.input.reference) : undefined;
  return (
    <>
      <Button label={label} disabled={busy} onClick={(e) => (e.stopPropagation(), action.confirm || action.input ? setOpen(true) : run())} data-testid={`action-${action.name}`} />
      {action.input && target ? (
        <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
          <Form record={{ [action.input.field]: record?.[action.input.field] ?? [] }} onSubmit={(values: Record<string, unknown>) => run({ [action.input!.field]: values[action.input!.field] ?? [] })}>
            <DialogTitle>{label}</DialogTitle>
            <DialogContent>
              <ReferenceArrayInput source={action.input.field} reference={routeOf(target)}>
                <AutocompleteArrayInput label={`resources.${rc.def.name}.fields.${action.input.field}`} optionText="name" />
              </ReferenceArrayInput>
            </DialogContent>
            <DialogActions>
              <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
              <SaveButton alwaysEnable data-testid="action-save" />
            </DialogActions>
          </Form>
        </Dialog>
      ) : (
        <Confirm
          isOpen={open}
          loading={busy}
          title={translate('list.confirm_title', { action: label, name: String(record?.name ?? record?.username ?? '') })}
          content={translate('list.confirm_content', { action: label })}
          onConfirm={() => run()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/** The definition's named record actions for this screen, each while its `when` holds. */
export const RecordActions = ({ rc, onDone }: { rc: ResourceCalls; onDone?(): void }) => {
  const actions = useContext(ScreenActionsContext).get(rc.route) ?? [];
  return (
    <>
      {actions.map((a) => (
        <ActionButton key={a.name} rc={rc} action={a} onDone={onDone} />
      ))}
    </>
  );
};
