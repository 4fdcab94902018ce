import { dictSchema } from '../schemas/dict.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

export const dict = defineResource({
  name: 'dict',
  schema: dictSchema,
  storage: {
    table: 'dict',
    unique: [['type', 'value']],
  },
  api: {
    keyword: ['type', 'label', 'value'],
    filters: [{ field: 'type' }, { field: 'label', op: 'like' }, { field: 'status' }],
    sort: 'sort',
    listCap: 500,
    status: enableDisable,
    mounts: [
      {
        side: 'system', base: '/open/system/dict', scope: 'catalog', perm: 'admin:dict',
        calls: {
          add: 'add', page: 'page', delete: 'delete', get: 'get', update: 'update', 'update-status': 'status',
          'list-by-type': { verb: 'list', requires: ['type'], signedIn: true },
        },
      },
      // The platform's dictionaries, read-only, for every signed-in caller (a BU's admin reads them beside the BU's own).
      { side: 'system', base: '/open/system/dict/platform', scope: 'catalog', calls: { page: { verb: 'page', signedIn: true }, get: { verb: 'get', signedIn: true } } },
    ],
  },
  admin: {
    titleField: 'label',
    tones: { status: enabledTones },
    columns: [
      { field: 'type', sortable: true },
      { field: 'label' },
      { field: 'value' },
      { field: 'sort', sortable: true },
      { field: 'status', render: 'status' },
      { field: 'remark' },
    ],
    screens: [
      { scene: 'admin', url: '/operation/dict', menu: { icon: 'menu_book' } },
      { scene: 'tenant', url: '/business/dict-manage/platform', label: 'tenant_tabs.platform_dict', mount: '/open/system/dict/platform' },
    ],
  },
});

/**
 * A BU's own dictionaries: types and items it adds beside the platform's (`dict`), enabled,
 * disabled and sorted by its admin; `list-by-type` answers the platform's enabled items of a type
 * followed by the BU's own (docs/tenant-console.md "Business dictionary").
 */
export const buDict = defineResource({
  ...dict,
  name: 'bu-dict',
  storage: {
    ...dict.storage,
    table: 'bu_dict',
  },
  api: {
    ...dict.api,
    mounts: [
      {
        side: 'system', base: '/open/system/bu-dict', scope: 'bu', perm: 'tenant:dict-manage',
        calls: {
          add: 'add', page: 'page', list: 'list', get: 'get', update: 'update', delete: 'delete', 'update-status': 'status',
          'list-by-type': { handler: 'buDict.listByType', action: 'view', signedIn: true },
        },
      },
    ],
  },
  admin: {
    ...dict.admin,
    screens: [
      {
        scene: 'tenant',
        url: '/business/dict-manage',
        label: 'tenant_tabs.bu_dict',
        needsBu: true,
        menu: { icon: 'menu_book', title: 'route.dict_manage', needsBu: true, order: 10 },
      },
    ],
  },
});
