import type { Db } from '../db/driver.ts';

/**
 * The platform's three languages (spec §9), rows of `i18n-setting`: a start adds the missing ones
 * and keeps operators' choices (enabled or not). zh-CN is the default.
 */
export const LANGUAGE_ROWS = [
  { code: 'zh-CN', lang: 'zh', name: '简体中文', is_default: true, sort: 0 },
  { code: 'zh-HK', lang: 'hk', name: '繁體中文', is_default: false, sort: 1 },
  { code: 'en-US', lang: 'en', name: 'English', is_default: false, sort: 2 },
] as const;

export const seedLanguages = async (db: Db) => {
  await db.query(
    `insert into i18n_setting (guid, code, lang, name, is_default, sort, status)
     select gen_random_uuid(), r.code, r.lang, r.name, r.is_default, r.sort, 0
       from jsonb_to_recordset($1::jsonb) as r(code text, lang text, name text, is_default boolean, sort integer)
     on conflict (code) do nothing`,
    [JSON.stringify(LANGUAGE_ROWS)],
  );
};
