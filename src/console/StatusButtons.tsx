import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ResourceDef, Transition } from '../../resources/types.ts';
import { titleOf } from './registry.ts';

/** Disabling always asks, whatever the definition says (spec §4). */
export const needsConfirm = (t: Transition) => !!t.confirm || t.name === 'disable';

const TransitionButton = ({ def, transition }: { def: ResourceDef; transition: Transition }) => {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const action = translate(`resources.${def.name}.actions.${transition.name}`, { _: translate(`actions.${transition.name}`) });
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.updateStatus(resource, { id: record.id, status: transition.to });
      notify('list.status_done', { type: 'success', messageArgs: { action } });
      refresh();
    } catch {
      // The http client has already shown the server's message.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  const name = titleOf(def, record);
  return (
    <>
      <Button label={action} disabled={busy} onClick={(e) => (e.stopPropagation(), needsConfirm(transition) ? setOpen(true) : run())} data-testid={`status-${transition.name}`} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('list.confirm_title', { action, name })}
        content={translate('list.confirm_content', { action })}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** The transitions allowed from the record's current status. */
export const StatusButtons = ({ def }: { def: ResourceDef }) => {
  const record = useRecordContext();
  if (!def.status || !record) return null;
  const current = record[def.status.field];
  return (
    <>
      {def.status.transitions
        .filter((t) => t.from.includes(current))
        .map((t) => (
          <TransitionButton key={t.name} def={def} transition={t} />
        ))}
    </>
  );
};
