import { resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import type { Lang } from '../../i18n/languages.ts';
import { recordTitle } from '../console/recordTitle.ts';
import { tenantScreens } from '../console/tenantRegistry.ts';

/**
 * A record's name for the breadcrumb, by the console screen it was opened from (`at`, its list's
 * URL): the record page's own `get` where the screen has one (a BU), else the screen's `get`;
 * `recordTitle` names it in the reader's language. Loaded with the first crumb that needs it: the definitions
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

const rows = new Map<string, Promise<{ rc: ResourceCalls; row: Record<string, unknown> } | undefined>>();

export const recordName = (at: string, id: string, lang: Lang): Promise<string | undefined> => {
  const key = `${at}/${id}`;
  if (!rows.has(key)) {
    const rc = screenAt(at);
    const page = rc?.screen?.page;
    const call = page ? { path: rc.path(page.get), body: { [page.getBy ?? page.param]: id } } : rc?.verbs.get ? { path: rc.verbs.get, body: { guid: id } } : undefined;
    rows.set(
      key,
      call && rc
        ? post<Record<string, unknown>>(call.path, call.body, { silent: true }).then(
            (row) => ({ rc, row }),
            () => undefined,
          )
        : Promise.resolve(undefined),
    );
  }
  // The row is fetched once; its name is read in the language of the moment (a switch renames it).
  return rows.get(key)!.then((found) => (found ? recordTitle(found.rc.def, found.row, lang) || undefined : undefined));
};
