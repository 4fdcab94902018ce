import type { AdminSpec, ApiSpec } from './types.ts';

/** How accounts are searched and listed, shared by platform users and a BU's sub-accounts (one users table). */
export const accountList = {
  api: {
    keyword: ['username', 'name', 'email', 'phone'],
    filters: [{ field: 'username', op: 'like' }, { field: 'status' }],
    sort: '-created_at',
  },
  admin: {
    columns: [
      { field: 'username', sortable: true },
      { field: 'name' },
      { field: 'email' },
      { field: 'phone' },
      { field: 'role_guids', render: 'reference', reference: 'role' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
  },
} satisfies { api: Pick<ApiSpec, 'keyword' | 'filters' | 'sort'>; admin: Pick<AdminSpec, 'columns'> };
