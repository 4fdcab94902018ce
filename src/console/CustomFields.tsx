import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactElement } from 'react';
import { useLocale } from 'react-admin';
import { addRoute, type ResourceCalls } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import type { CustomField } from '../../schemas/custom-field.ts';
import { displayNameIn } from '../../schemas/custom-field-name.ts';
import { PageLoading } from '../shell/PageLoading.tsx';

/** The route as registered before any extension: extending always starts from it. */
const plain = new Map<string, ResourceCalls>();

/** The query of a route's custom fields; saving a field refetches every screen's (`['custom-fields']`). */
export const customFieldsKey = (route: string, lang?: string) => ['custom-fields', route, ...(lang ? [lang] : [])];

/**
 * A screen of a definition with custom fields (staff): its list, filters and forms take the fields
 * the mount's call answers, extended by the same function the server uses, so the form's rule is
 * the server's. The extended definition is registered under the route, so the data provider's
 * bodies carry the fields too.
 */
const Extended = ({ rc, call, render }: { rc: ResourceCalls; call: string; render: (rc: ResourceCalls) => ReactElement }) => {
  if (!plain.has(rc.route)) plain.set(rc.route, rc);
  const base = plain.get(rc.route)!;
  // The extension needs the zod schemas (src/console/formSchema.ts): they load with the first screen that has custom fields.
  const locale = useLocale();
  const answer = useQuery({
    queryKey: customFieldsKey(rc.route, locale),
    queryFn: async () => {
      const [{ fields, off }, { withConsoleCustomFields }] = await Promise.all([post<{ fields: CustomField[]; off: string[] }>(base.path(call), {}, { silent: true }), import('./formSchema.ts')]);
      // Headers, form labels and sentences name each field in the reader's language (hk and en fall back to zh).
      return withConsoleCustomFields(base.def, fields.map((f) => ({ ...f, display_name: displayNameIn(f, locale) })), off);
    },
  });
  const extended = useMemo(() => {
    if (!answer.data) return undefined;
    const next = { ...base, def: answer.data };
    addRoute(next);
    return next;
  }, [answer.data, base]);
  if (answer.isError) return render(base);
  if (!extended) return <PageLoading />;
  return render(extended);
};

/** `render(rc)`, with the definition's custom fields where its mount answers them. */
export const withCustomFieldsOf = (rc: ResourceCalls, render: (rc: ResourceCalls) => ReactElement): ReactElement => {
  const call = rc.def.api.customFields?.call;
  return call && call in rc.mount.calls ? <Extended rc={rc} call={call} render={render} /> : render(rc);
};
