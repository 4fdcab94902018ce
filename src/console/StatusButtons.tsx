import { TextField } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { Transition } from '../../resources/types.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { fieldLabel, nonNull } from './registry.ts';
import { useTitle } from './useTitle.ts';

/** Disabling always asks, whatever the definition says (spec §4); a move that takes values asks for them. */
export const needsConfirm = (t: Transition) => !!t.confirm || !!t.reason || !!t.takes?.length || t.name === 'disable';

/** Whether an internal field holds a number (a rating), under its optional and nullable wrappers. */
const numeric = (def: ConsoleDef, field: string) => {
  const type = nonNull(def.internalJson.properties?.[field] ?? {}).type;
  return type === 'number' || type === 'integer';
};

const TransitionButton = ({ def, transition }: { def: ConsoleDef; transition: Transition }) => {
  const title = useTitle();
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [taken, setTaken] = useState<Record<string, string>>({});
  if (!record) return null;
  const action = translate(`resources.${def.name}.actions.${transition.name}`, { _: translate(`actions.${transition.name}`) });
  const run = async () => {
    // The reason is asked for in the dialog and required: the dialog stays open until it is given.
    if (transition.reason && !reason.trim()) return setMissing(true);
    setBusy(true);
    const values = Object.fromEntries(
      (transition.takes ?? []).filter((f) => (taken[f] ?? '').trim() !== '').map((f) => [f, numeric(def, f) ? Number(taken[f]) : taken[f].trim()]),
    );
    try {
      await dataProvider.updateStatus(resource, { id: record.id, status: transition.to, transition: transition.name, extra: { ...(transition.reason ? { [transition.reason]: reason.trim() } : {}), ...values } });
      notify('list.status_done', { type: 'success', messageArgs: { action } });
      setOpen(false);
      refresh();
    } catch {
      // The http client has already shown the server's message; what was typed stays in the dialog.
    } finally {
      setBusy(false);
    }
  };
  const takes = (transition.takes ?? []).map((f) => (
    <TextField
      key={f}
      label={translate(fieldLabel(def, f))}
      value={taken[f] ?? ''}
      onChange={(e) => setTaken((v) => ({ ...v, [f]: e.target.value }))}
      type={numeric(def, f) ? 'number' : 'text'}
      multiline={!numeric(def, f)}
      autoFocus={f === transition.takes![0]}
      slotProps={{ htmlInput: { 'data-testid': `transition-${f}` } }}
      sx={{ mt: 1, minWidth: 360, display: 'flex' }}
    />
  ));
  const name = title(def, record);
  return (
    <>
      <Button label={action} disabled={busy} onClick={(e) => (e.stopPropagation(), needsConfirm(transition) ? setOpen(true) : run())} data-testid={`status-${transition.name}`} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('list.confirm_title', { action, name })}
        content={
          transition.reason ? (
            <TextField
              label={translate(fieldLabel(def, transition.reason))}
              value={reason}
              onChange={(e) => (setReason(e.target.value), setMissing(false))}
              error={missing}
              helperText={missing ? translate('validation.field_error', { field: translate(fieldLabel(def, transition.reason)), message: translate('validation.required') }) : translate('list.reason_hint')}
              required
              multiline
              minRows={3}
              autoFocus
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'transition-reason' } }}
              sx={{ mt: 1, minWidth: 360 }}
            />
          ) : takes.length ? (
            <>{takes}</>
          ) : (
            translate('list.confirm_content', { action })
          )
        }
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** Whether the mount can make any transition: a generic status call, or calls bound to transitions. */
export const hasTransitions = (rc: ResourceCalls) => !!rc.verbs.status || Object.keys(rc.transitions).length > 0;

/**
 * The transitions allowed from the record's current status, on this side of the platform (`sides`),
 * that the mount can make (its generic status call, or a call bound to the transition).
 */
export const StatusButtons = ({ rc }: { rc: ResourceCalls }) => {
  const record = useRecordContext();
  const { def, mount } = rc;
  if (!def.api.status || !record) return null;
  const current = record[def.api.status.field];
  return (
    <>
      {def.api.status.transitions
        .filter((t) => t.from.includes(current) && (!t.sides || t.sides.includes(mount.side)) && (!!rc.verbs.status || !!rc.transitions[t.name]))
        .map((t) => (
          <TransitionButton key={t.name} def={def} transition={t} />
        ))}
    </>
  );
};
