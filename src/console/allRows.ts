import type { RaRecord } from 'react-admin';
import { resourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { flattenTree } from './tree.ts';

/** A route lists every row at once (its unpaged list call, or a tree call standing in for it). */
export const listsAll = (route: string) => !!resourceCalls(route).verbs.list;

/**
 * Every row of a route, flat (a tree call's nested rows flattened): one query the tree list and
 * the tree pickers share, so opening a form after the list asks nothing again.
 */
export const allRowsQuery = (dataProvider: ConsoleDataProvider, route: string) => ({
  queryKey: [route, 'getAll'],
  queryFn: async (): Promise<RaRecord[]> => flattenTree(await dataProvider.getAll(route)) as RaRecord[],
});
