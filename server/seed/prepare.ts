import type { ResourceDef } from '../../resources/types.ts';
import type { Db } from '../db/driver.ts';
import { syncSchema } from '../db/sync.ts';
import { seedApiGroups } from './api-groups.ts';
import { seedDocuments } from './documents.ts';
import { seedEventTypes } from './event-types.ts';
import { seedLanguages } from './languages.ts';
import { seedPermissions } from './seed.ts';

/**
 * What a start prepares (`prepareOnce`, server/db/start-fingerprint.ts): the tables, columns and
 * indexes the definitions name, the numbered migrations, then the seeds the defined tables take.
 * The tests' prepared database is made by this too (tests/helpers/global-setup.ts).
 */
export const prepareDatabase = async (db: Db, defs: readonly ResourceDef[]) => {
  await syncSchema(db, defs);
  await seedPermissions(db, defs);
  const has = (table: string) => defs.some((d) => d.storage.table === table);
  if (has('api_group') && has('ability')) await seedApiGroups(db);
  if (has('event_info')) await seedEventTypes(db);
  if (has('document')) await seedDocuments(db);
  if (has('i18n_setting')) await seedLanguages(db);
};
