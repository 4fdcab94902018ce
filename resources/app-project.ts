import { appProjectSchema } from '../schemas/app-project.ts';
import { defineResource } from './define.ts';
import type { Mount } from './types.ts';

/** A binding is read with its app's and its project's names. */
const NAMES: Mount['joins'] = {
  app_name: { resource: 'app', on: 'app_guid', field: 'name' },
  project_name: { resource: 'project', on: 'project_guid', field: 'name' },
};

/** The catalogue's query names of the app and the BU (`list?appGuid=…&buGuid=…`). */
const CATALOGUE_NAMES = { appGuid: 'app_guid', buGuid: 'bu_guid' } as const;

/**
 * Which projects of a BU an app serves (docs/operator.md, "BU management"). Operators bind them for a
 * BU they name with `bu_guid` (the oversight convention of bu-management); the app is the BU's own or
 * a store app installed in it, the project one of the BU's (server/rules/app-project.ts). The BU's
 * developers read the bindings of their BU.
 */
export const appProject = defineResource({
  name: 'app-project',
  schema: appProjectSchema,
  storage: {
    table: 'app_project',
    unique: [['app_guid', 'project_guid']],
  },
  relations: {
    references: { project_guid: 'project' },
  },
  api: {
    createOnly: ['app_guid'],
    filters: [{ field: 'app_guid' }, { field: 'project_guid' }, { field: 'bu_guid' }],
    sort: '-created_at',
    mounts: [
      {
        side: 'operator', base: '/open/admin/system/bu/app-project', scope: 'oversight', perm: 'admin:bu', joins: NAMES,
        calls: {
          // The catalogue's query names (`appGuid`, `buGuid`) or the body's (`app_guid`, `bu_guid`); with app and project names.
          list: { verb: 'list', requires: ['bu_guid'], aliases: CATALOGUE_NAMES },
          // An oversight add names its BU (`bu_guid`, one that exists), and lands there.
          add: { verb: 'add', requires: ['bu_guid'], aliases: CATALOGUE_NAMES },
          update: 'update',
          delete: 'delete',
        },
      },
      { side: 'tenant', base: '/open/app/app-project', scope: 'bu', perm: 'tenant:app', joins: NAMES, calls: { list: { verb: 'list', aliases: CATALOGUE_NAMES } } },
    ],
  },
  admin: {
    columns: [
      { field: 'app_name' },
      { field: 'project_name' },
      { field: 'remark' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
  },
});
