import type { Mount, ResourceDef } from '../../resources/types.ts';
import { withCustomFields } from '../../resources/custom-fields.ts';
import { displayNameIn, type CustomField } from '../../schemas/custom-field.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/driver.ts';
import type { CacheBus } from '../services/cache-bus.ts';

/** A definition's custom fields as they are in the table now (rules and handlers read them in their transaction). */
export const customFieldsOf = async (db: Queryable, resource: string): Promise<CustomField[]> =>
  (await db.query<CustomField>(
    `select guid, field_name, display_name, display_name_hk, display_name_en, data_type, form_type, text_length, scale, formats, required, remark, sort, status
     from custom_field where resource = $1 order by sort, created_at, guid`,
    [resource],
  )).rows;

/**
 * The fields as a reader of `lang` sees them: each named in that language (hk and en falling back
 * to zh), so labels, sentences and the form's titles built from them are the reader's.
 */
export const fieldsIn = (fields: readonly CustomField[], lang: string): CustomField[] => fields.map((f) => ({ ...f, display_name: displayNameIn(f, lang) }));

/** The fields (presets or custom) one BU switched off. */
export const fieldsOffIn = async (db: Queryable, resource: string, buGuid: string): Promise<string[]> =>
  (await db.query<{ field: string }>('select field from custom_field_status where bu_guid = $1 and resource = $2 and not enabled order by field', [buGuid, resource])).rows.map((r) => r.field);

/**
 * How long a server trusts its copy of the custom fields and of a BU's switched-off ones. A change
 * on any server drops every server's copy at once (`invalidate`, server/services/cache-bus.ts);
 * this time bounds it only while announcements cannot arrive. A column another server has dropped
 * meanwhile is caught by `use`, which reads again and retries once.
 */
const CACHE_MS = 5000;
const UNDEFINED_COLUMN = '42703';

/** The definitions as calls see them (docs/operator.md "Custom fields"), cached: every read of a member would otherwise cost two more queries. */
export class FieldSets {
  private cache = new Map<string, { until: number; value: Promise<unknown> }>();
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly bus: CacheBus,
  ) {
    bus.register('custom-fields', () => {
      this.cache.clear();
      for (const listener of this.listeners) listener();
    });
  }

  /** Also forget `drop` whenever the fields change on any instance (the OpenAPI documents name them). */
  onChange(drop: () => void) {
    this.listeners.push(drop);
  }

  /** After a change to custom fields or a BU's switches has committed: every instance forgets. */
  invalidate() {
    this.bus.changed('custom-fields');
  }

  private cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (this.cache.size > 10_000) this.cache.clear();
    const value = read();
    this.cache.set(key, { until: now + CACHE_MS, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /**
   * The definition as this call sees it: with its custom fields named in the caller's language,
   * and for a BU's own calls without the fields that BU switched off. Operators see every enabled field.
   */
  async definitionFor(def: ResourceDef, mount: Mount, caller: Caller | null, lang = 'zh'): Promise<ResourceDef> {
    if (!def.api.customFields) return def;
    const buGuid = mount.scope === 'bu' ? caller?.buGuid : null;
    const [fields, off] = await Promise.all([
      this.cached(def.name, () => customFieldsOf(this.db, def.name)),
      buGuid ? this.cached(`${def.name}\u0000${buGuid}`, () => fieldsOffIn(this.db, def.name, buGuid)) : Promise.resolve([]),
    ]);
    return withCustomFields(def, fieldsIn(fields, lang), off);
  }

  /**
   * Runs a call with the definition it sees; once more with a fresh one if a column it named is
   * gone. Not async itself: most definitions have no custom fields, and their calls then take no
   * extra promise or turn here.
   */
  use<T>(def: ResourceDef, mount: Mount, caller: Caller | null, run: (seen: ResourceDef) => Promise<T>, lang = 'zh'): Promise<T> {
    return def.api.customFields ? this.useSeen(def, mount, caller, run, lang) : run(def);
  }

  private async useSeen<T>(def: ResourceDef, mount: Mount, caller: Caller | null, run: (seen: ResourceDef) => Promise<T>, lang: string): Promise<T> {
    try {
      return await run(await this.definitionFor(def, mount, caller, lang));
    } catch (err) {
      if ((err as { code?: unknown }).code !== UNDEFINED_COLUMN) throw err;
      // Another server changed the fields: only this one's copy is stale.
      this.cache.clear();
      return run(await this.definitionFor(def, mount, caller, lang));
    }
  }
}
