import type { ResourceDef } from './types.ts';

/** How accounts are searched and listed, shared by platform users and a BU's sub-accounts (one users table). */
export const accountList: Pick<ResourceDef, 'keyword' | 'filters' | 'columns' | 'sort'> = {
  keyword: ['username', 'name', 'email', 'phone'],
  filters: [{ field: 'username', op: 'like' }, { field: 'status' }],
  columns: [
    { field: 'username', sortable: true },
    { field: 'name' },
    { field: 'email' },
    { field: 'phone' },
    { field: 'role_guids', render: 'reference', reference: 'role' },
    { field: 'status', render: 'status' },
    { field: 'created_at', render: 'date', sortable: true },
  ],
  sort: '-created_at',
};
