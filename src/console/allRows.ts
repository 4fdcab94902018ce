import type { RaRecord } from 'react-admin';
import { resourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { flattenTree } from './tree.ts';

/** A route lists every row at once (its unpaged list call, or a tree call standing in for it). */
export const listsAll = (route: string) => !!(resourceCalls(route).verbs.list || resourceCalls(route).verbs.tree);

/**
 * Every row of a route, flat (a tree call's nested rows flattened): one query the tree list and
 * the tree pickers share, so opening a form after the list asks nothing again. `filter` narrows
 * them (one BU's departments on an operator's form).
 */
export const allRowsQuery = (dataProvider: ConsoleDataProvider, route: string, filter?: Record<string, unknown>) => ({
  queryKey: [route, 'getAll', ...(filter ? [filter] : [])],
  queryFn: async (): Promise<RaRecord[]> => flattenTree(await dataProvider.getAll(route, filter)) as RaRecord[],
});
