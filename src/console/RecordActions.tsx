import { createContext, lazy, Suspense, useContext, useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { RecordAction } from '../../resources/types.ts';
import { defByName, titleFieldOf } from './registry.ts';
import { useRouteOf } from './routeOf.tsx';
import { useTitle } from './useTitle.ts';

/** Actions of the screens on show, by route (the tenant console provides them; the operator console has none). */
export const ScreenActionsContext = createContext<Map<string, readonly RecordAction[]>>(new Map());

/** The input dialog's form loads when it first opens (lists need none of its code). */
const RecordActionForm = lazy(() => import('./RecordActionForm.tsx'));

export const actionLabel = (def: string, name: string) => `record_actions.${def}.${name}`;
const offered = (a: RecordAction, record?: RaRecord) =>
  !a.when || (!!record && Object.entries(a.when).every(([field, values]) => values.includes(record[field] as never)));

const listsOf = (a: RecordAction, record?: RaRecord) => Object.fromEntries(Object.entries(a.rowList ?? {}).map(([field, from]) => [field, [record?.[from]]]));
const fieldsOf = (a: RecordAction, record?: RaRecord) => Object.fromEntries(Object.entries(a.rowFields ?? {}).map(([field, from]) => [field, record?.[from]]));

const ActionButton = ({ rc, action, onDone }: { rc: ResourceCalls; action: RecordAction; onDone?(): void }) => {
  const title = useTitle();
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
      const answer = await dataProvider.call<Record<string, unknown> | null>(rc.route, action.call, action.noBody ? {} : { guid: record?.id, ...action.body, ...listsOf(action, record), ...fieldsOf(action, record), ...input });
      // An action may say what it did (`record_actions.<def>.<action>_done`, filled from the answer and the record).
      const done = translate(`${actionLabel(rc.def.name, action.name)}_done`, { ...record, ...(answer ?? {}), _: translate('list.status_done', { action: label }) });
      notify(done, { type: 'success' });
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
        open && (
          <Suspense fallback={null}>
            <RecordActionForm
              open={open}
              label={label}
              defName={rc.def.name}
              input={action.input}
              reference={routeOf(target)}
              optionText={titleFieldOf(target)}
              initial={record?.[action.input.field]}
              onClose={() => setOpen(false)}
              onSubmit={(values) => run(values)}
            />
          </Suspense>
        )
      ) : (
        <Confirm
          isOpen={open}
          loading={busy}
          title={translate('list.confirm_title', { action: label, name: title(rc.def, record) })}
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
