import { i18nSettingSchema } from '../schemas/i18n-setting.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

/**
 * The platform's languages (`/open/common-i18n-setting/*`, docs/operator.md "Platform calls"):
 * zh-CN, zh-HK and en-US, seeded at start, each enabled or not. Anyone reads them, signed in or
 * not (the language switch stands on the login page too); operators holding the data dictionary
 * switch them on and off. The default language is never disabled (server/rules/i18n-setting.ts).
 */
export const i18nSetting = defineResource({
  name: 'i18n-setting',
  schema: i18nSettingSchema,
  storage: {
    table: 'i18n_setting',
    unique: [['code']],
  },
  api: {
    filters: [{ field: 'status' }, { field: 'code' }],
    sort: 'sort',
    status: enableDisable,
    mounts: [
      {
        side: 'system', base: '/open/common-i18n-setting', scope: 'catalog',
        calls: { page: { verb: 'page', public: true }, get: { verb: 'get', public: true } },
      },
      {
        side: 'operator', base: '/open/admin/common-i18n-setting', scope: 'platform', perm: 'admin:dict',
        calls: { page: 'page', get: 'get', 'update-status': 'status' },
      },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'code' },
      { field: 'name' },
      { field: 'lang' },
      { field: 'is_default', render: 'boolean' },
      { field: 'sort', sortable: true },
      { field: 'status', render: 'status' },
    ],
  },
});
