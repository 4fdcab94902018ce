import { z } from 'zod';
import { codes } from '../schemas/common.ts';
import { userSchema } from '../schemas/user.ts';
import { accountList } from './account-list.ts';
import { defineResource } from './define.ts';

const calls = { info: 'get', add: 'add', update: 'update', delete: 'delete', page: 'page', 'update-status': 'status' } as const;
const operators = { user_type: 0 };

export const user = defineResource({
  name: 'user',
  schema: userSchema,
  internal: z.object({
    /** 0 operator, 1 main account, 2 sub account. */
    user_type: codes(0, 1, 2),
  }),
  storage: {
    table: 'users',
    unique: [['username']],
  },
  access: {
    privileges: { roles: 'role_guids' },
  },
  api: {
    ...accountList.api,
    createOnly: ['username', 'password'],
    status: {
      field: 'status',
      transitions: [
        { name: 'unfreeze', from: [1], to: 0 },
        { name: 'freeze', from: [0], to: 1, confirm: true },
      ],
    },
    mounts: [
      { side: 'operator', base: '/open/admin/system/user', scope: 'platform', perm: 'admin:user', fixed: operators, calls },
      { side: 'system', base: '/open/system/admin/user', scope: 'platform', perm: 'admin:user', fixed: operators, calls },
    ],
  },
  admin: {
    ...accountList.admin,
    titleField: 'username',
    tones: { status: { '0': 'success', '1': 'error' } },
    screens: [
      { scene: 'admin', url: '/operation/user', menu: { icon: 'person' } },
    ],
  },
});
