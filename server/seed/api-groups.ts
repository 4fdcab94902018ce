import { translate } from '../../i18n/index.ts';
import { DEFAULT_LANG } from '../../i18n/languages.ts';
import type { Db } from '../db/driver.ts';
import { SCOPES } from '../../resources/scopes.ts';

/**
 * The platform's abilities an app may bind (its ability page). The process engine has its own page
 * below the app's (spec: ability/processEngine); web sign-in returns to the app's redirect URLs.
 */
export const ABILITIES = ['process-engine', 'web-login'] as const;

/**
 * Scopes (resources/scopes.ts) and abilities are data: a start adds missing ones and never
 * overwrites operators' edits. Their names and descriptions are the default language's messages (`resources.<kind>.seeded`),
 * which the console shows in the reader's language while a row keeps its seeded name.
 */
export const seedApiGroups = async (db: Db) => {
  for (const [table, kind, codes] of [['api_group', 'api-group', SCOPES], ['ability', 'ability', ABILITIES]] as const) {
    for (const code of codes) {
      const text = (field: string) => translate(DEFAULT_LANG, `resources.${kind}.seeded.${code}.${field}`);
      await db.query(`insert into ${table} (guid, code, name, description, status) values (gen_random_uuid(), $1, $2, $3, 0) on conflict do nothing`, [code, text('name'), text('description')]);
    }
  }
};
