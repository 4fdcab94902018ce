import { dictSchema } from '../schemas/dict.ts';
import { enableDisable, enabledTones } from './status.ts';
import type { ResourceDef } from './types.ts';

export const dict: ResourceDef<typeof dictSchema> = {
  name: 'dict',
  table: 'dict',
  schema: dictSchema,
  titleField: 'label',
  tones: { status: enabledTones },
  keyword: ['type', 'label', 'value'],
  filters: [{ field: 'type' }, { field: 'label', op: 'like' }, { field: 'status' }],
  columns: [
    { field: 'type', sortable: true },
    { field: 'label' },
    { field: 'value' },
    { field: 'sort', sortable: true },
    { field: 'status', render: 'status' },
    { field: 'remark' },
  ],
  sort: 'sort',
  unique: [['type', 'value']],
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
  ],
  menu: { scene: 'admin', url: '/operation/dict', icon: 'menu_book' },
};
