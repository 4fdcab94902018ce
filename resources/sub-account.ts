import { subAccountInternal, subAccountSchema } from '../schemas/sub-account.ts';
import { accountList } from './account-list.ts';
import { defineResource } from './define.ts';

/**
 * Sub-accounts (userType 2) of a BU, kept in the users table with the BU that created them.
 * Adding, listing, editing, freezing, restoring and deleting are generic verbs with rules (the
 * account starts "to be activated" and is mailed its link once the add commits; memberships and
 * sessions follow it); resetting and activating are handlers (one-time links).
 */
export const subAccount = defineResource({
  name: 'sub-account',
  schema: subAccountSchema,
  internal: subAccountInternal,
  storage: {
    table: 'users',
    // Usernames are unique across the platform (users_username_uq); this names the field in the refusal.
    unique: [['username']],
  },
  access: {
    privileges: { roles: 'role_guids' },
  },
  relations: {
    references: { role_guids: 'role' },
  },
  api: {
    ...accountList.api,
    createOnly: ['username'],
    status: {
      field: 'status',
      transitions: [
        { name: 'freeze', from: [0], to: 1, confirm: true },
        { name: 'restore', from: [1], to: 0 },
      ],
    },
    mounts: [
      {
        side: 'system', base: '/open/system/user', scope: 'bu', perm: 'tenant:sub-account', fixed: { user_type: 2 },
        calls: {
          'child-page': 'page',
          'child-update': 'update',
          'child-add': 'add',
          'child-freeze': { verb: 'status', transition: 'freeze' },
          'child-restore': { verb: 'status', transition: 'restore' },
          'child-reset': { handler: 'child.reset', action: 'update' },
          'child-delete': 'delete',
          'child-set-role': { handler: 'child.setRole', action: 'auth' },
          'resend-child-email': { handler: 'child.resend', action: 'update' },
          // The activation link's target: public, the link's token is the credential.
          'child-set': { handler: 'child.activate', public: true },
          // The BU's accounts (docs/operator.md, "Platform calls"): a BU adds accounts only as
          // sub-accounts and deletes only those, so `add`/`delete` are these verbs (owner and caller
          // out of reach, roles no wider than the caller's); `page`/`user-list` show every member,
          // the owner too: the `bu-account` definition's (resources/bu-account.ts).
          add: 'add',
          delete: 'delete',
        },
      },
    ],
  },
  admin: {
    ...accountList.admin,
    titleField: 'name',
    tones: { status: { '0': 'success', '1': 'error', '2': 'warning' } },
    screens: [
      { scene: 'tenant', url: '/account/member-manage', menu: { icon: 'manage_accounts' }, menuOnly: true },
      {
        scene: 'tenant',
        url: '/account/member-manage/sub-account',
        needsBu: true,
        verbs: { add: 'child-add', delete: 'child-delete' },
        // Freeze and restore are the status transitions (their buttons come from `status`), not actions here.
          actions: [
            { name: 'set_role', call: 'child-set-role', input: { field: 'role_guids', reference: 'role' } },
            { name: 'resend', call: 'resend-child-email', when: { status: [2] } },
            { name: 'reset', call: 'child-reset', when: { status: [0] }, confirm: true },
          ],
      },
    ],
  },
});
