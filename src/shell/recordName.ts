import { resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import { titleOf } from '../console/registry.ts';
import { tenantScreens } from '../console/tenantRegistry.ts';

/**
 * A record's name for the breadcrumb, by the console screen it was opened from (`at`, its list's
 * URL): the record page's own `get` where the screen has one (a BU), else the screen's `get`; the
 * definition's `titleField` names it. Loaded with the first crumb that needs it: the definitions
 * stay out of the frame's chunk.
 */
const OPERATOR = '/operation/';

const screenAt = (at: string): ResourceCalls | undefined => {
  if (at.startsWith(OPERATOR)) {
    try {
      return resourceCalls(at.slice(OPERATOR.length));
    } catch {
      return undefined;
    }
  }
  return tenantScreens.find(({ screen }) => screen.url === at)?.rc;
};

const names = new Map<string, Promise<string | undefined>>();

export const recordName = (at: string, id: string): Promise<string | undefined> => {
  const key = `${at}/${id}`;
  if (!names.has(key)) {
    const rc = screenAt(at);
    const page = rc?.mount.menu?.page;
    const call = page ? { path: rc.path(page.get), body: { [page.getBy ?? page.param]: id } } : rc?.verbs.get ? { path: rc.verbs.get, body: { guid: id } } : undefined;
    names.set(
      key,
      call && rc
        ? post<Record<string, unknown>>(call.path, call.body, { silent: true }).then(
            (row) => titleOf(rc.def, row) || undefined,
            () => undefined,
          )
        : Promise.resolve(undefined),
    );
  }
  return names.get(key)!;
};
