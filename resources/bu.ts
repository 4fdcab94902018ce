import { buSchema } from '../schemas/bu.ts';
import { enableDisable, enabledTones } from './status.ts';
import type { ResourceDef } from './types.ts';

/**
 * A business unit belongs to the main account that created it (scope `user`); creating one makes
 * the creator its owner in `user_bu`. Members reach it through `/open/system/user-bu/*`.
 */
export const bu: ResourceDef<typeof buSchema> = {
  name: 'bu',
  table: 'bu',
  schema: buSchema,
  titleField: 'name',
  tones: { status: enabledTones },
  keyword: ['name', 'alias', 'code'],
  filters: [{ field: 'name', op: 'like' }, { field: 'status' }],
  columns: [
    { field: 'cover_url', render: 'image' },
    { field: 'name', sortable: true },
    { field: 'alias' },
    { field: 'code' },
    { field: 'abbreviation' },
    { field: 'status', render: 'status' },
    { field: 'created_at', render: 'date', sortable: true },
  ],
  sort: 'created_at',
  unique: [['name']],
  status: enableDisable,
  mounts: [
    {
      side: 'system', base: '/open/system/bu', scope: 'user',
      calls: {
        add: 'add', 'add-detail': 'add', get: 'get', update: 'update', list: 'list', 'update-status': 'status',
        // The sandbox certificate is a developer credential: only holders of the apps permission get it.
        'get-sand-box-auth-certificate': { handler: 'bu.sandboxCertificate', action: 'view', perm: 'tenant:app' },
      },
    },
  ],
  menu: { scene: 'tenant', url: '/account/enterprise/info', icon: 'business' },
  tenant: [{ url: '/account/enterprise/info', selectsBu: true }],
};
