import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ListAction } from '../../resources/types.ts';

/** A screen's calls on its whole list (mark every message read): each posts its body, says it is done, and reloads the list. */
export const ListActions = ({ rc, actions }: { rc: ResourceCalls; actions: readonly ListAction[] }) => (
  <>
    {actions.map((a) => (
      <ListActionButton key={a.name} rc={rc} action={a} />
    ))}
  </>
);

const ListActionButton = ({ rc, action }: { rc: ResourceCalls; action: ListAction }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = `list_actions.${rc.def.name}.${action.name}`;
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.call(rc.route, action.call, action.body ?? {});
      notify(translate(`${key}_done`), { type: 'success' });
      refresh();
    } catch {
      // The http client has shown the server's sentence.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label={key} disabled={busy} onClick={() => (action.confirm ? setOpen(true) : run())} data-testid={`list-action-${action.name}`} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(key)}
        content={translate('list.confirm_content', { action: translate(key) })}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
