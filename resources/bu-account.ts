import { buAccountSchema } from '../schemas/bu-account.ts';
import { accountList } from './account-list.ts';
import { defineResource } from './define.ts';

/**
 * The accounts of the caller's BU (`/open/system/user/page`, `user-list`; docs/operator.md "Platform
 * calls"): every membership of the BU — its owner and its sub-accounts — read through the
 * `bu_account` view of `user_bu` and `users`, so an account of another BU is never in reach. Adding
 * and deleting are the sub-account verbs on the same base. A role's holders are the same rows holding it.
 */
export const buAccount = defineResource({
  name: 'bu-account',
  schema: buAccountSchema,
  storage: { table: 'bu_account', virtual: true },
  api: {
    keyword: accountList.api.keyword,
    filters: [{ field: 'status' }, { field: 'user_type' }, { field: 'role_guid', op: 'has', of: 'role_guids' }],
    // The owner first, then the newest members.
    sort: '-is_owner,-joined_at',
    mounts: [
      {
        side: 'system', base: '/open/system/user', scope: 'bu', perm: 'tenant:sub-account',
        calls: { page: 'page', 'user-list': 'list' },
      },
      {
        // A role's holders among the BU's accounts (the catalogue's role-user/page, an API call no console screen uses yet), for whoever may view roles.
        side: 'system', base: '/open/system/role-user', scope: 'bu', perm: 'bu:role',
        // Who holds the role, by name and e-mail as the call answered before: not the accounts' phones, aliases or other roles.
        answers: ['username', 'name', 'email', 'status', 'user_type', 'is_owner'],
        calls: { page: { verb: 'page', requires: ['role_guid'], sort: 'username' } },
      },
    ],
  },
  admin: { columns: accountList.admin.columns.filter((c) => c.field !== 'role_guids') },
});
