import { useEffect } from 'react';
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { outsideLogWindow } from '../../schemas/log-window.ts';
import type { ResourceDef } from '../../resources/types.ts';

type Window = NonNullable<ResourceDef['api']['window']>;

/** Both ends picked and no search takes them: reversed, or wider than the definition's days. */
export const windowRefusal = (window: Window) => (_value: unknown, values: Record<string, unknown>) => {
  const from = values[window.from];
  const to = values[window.to];
  if (!from || !to || !outsideLogWindow(new Date(String(from)), new Date(String(to)), window.days)) return undefined;
  return { message: 'list.window_too_wide', args: { days: window.days } };
};

/**
 * One end of a definition's search window (`window`, a log's `from` and `to`). A window the server
 * would refuse is refused here, under the input, before any call: react-admin's filter form sends
 * nothing while a filter is invalid, so the list and its pager keep the last result they agree on.
 * Each end checks the pair again when the other changes, so mending either end clears both.
 */
export const WindowInput = ({ window, source, ...props }: DateTimeInputProps & { window: Window; source: string }) => {
  const { trigger } = useFormContext();
  const other = useWatch({ name: source === window.from ? window.to : window.from });
  useEffect(() => {
    void trigger(source);
  }, [other, source, trigger]);
  return <DateTimeInput source={source} validate={windowRefusal(window)} {...props} />;
};
