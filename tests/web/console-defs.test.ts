import { describe, expect, it } from 'vitest';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { definition, resources as consoleDefs } from '../../dataProvider/definitions.ts';
import { resourceByName, resources } from '../../resources/index.ts';
import type { CustomField } from '../../schemas/custom-field.ts';
import { withConsoleCustomFields, zodSchemaOf } from '../../src/console/formSchema.ts';
import { formSchema } from '../../src/console/validate.ts';

/**
 * The console's first load takes the definitions as data (`__CONSOLE_DEFS__`, resources/console-defs.ts):
 * schemas as JSON Schema, no zod. Forms find the zod schema again through `origin`; these are the
 * ways a screen's definition departs from the registry's (a mount's own form, custom fields, a tab's fields).
 */
const field = (over: Partial<CustomField>): CustomField => ({
  field_name: 'badge', display_name: 'Badge', data_type: 'varchar', form_type: 'input', text_length: 5, scale: null,
  formats: [], required: true, sort: 0, status: 0, ...over,
});

/** The JSON Schema keywords used anywhere in a schema (field names are no keywords). */
const keywords = (s: unknown): string[] =>
  s && typeof s === 'object' && !Array.isArray(s)
    ? Object.entries(s).flatMap(([k, v]) => [k, ...(k === 'properties' ? Object.values(v as object).flatMap(keywords) : k === 'enum' || k === 'default' ? [] : keywords(v))])
    : Array.isArray(s) ? s.flatMap(keywords) : [];

describe('the console definitions', () => {
  it('are every definition, as plain data (nothing but JSON survives the build)', () => {
    expect(consoleDefs.map((d) => d.name)).toEqual(resources.map((d) => d.name));
    expect(JSON.parse(JSON.stringify(consoleDefs))).toEqual(consoleDefs);
  });

  it("carry a definition's relations, api and admin groups, never its storage or access (tables, privilege fields)", () => {
    for (const def of consoleDefs) {
      expect(Object.keys(def).filter((k) => ['storage', 'access', 'relations', 'api', 'admin'].includes(k)).sort(), def.name).toEqual(['admin', 'api', ...(resourceByName.get(def.name)!.relations ? ['relations'] : [])].sort());
      expect(JSON.stringify(def), def.name).not.toContain(`"table":"${resourceByName.get(def.name)!.storage.table}"`);
    }
  });

  it.each(resources.map((d) => [d.name, d] as const))('%s: its JSON Schema has every field of its zod schema, and its server-kept ones', (name, full) => {
    const def = definition(name);
    expect(Object.keys(def.json.properties ?? {})).toEqual(Object.keys(full.schema.shape));
    expect(Object.keys(def.internalJson.properties ?? {})).toEqual(Object.keys(full.internal?.shape ?? {}));
    // Only what the console reads: the zod schema checks the rest in the forms.
    for (const word of ['pattern', 'minLength', 'required', 'additionalProperties', '$schema']) expect(keywords(def.json), word).not.toContain(word);
  });

  it('keep a coded field\'s values and a field\'s kind (the secret an app answers once)', () => {
    expect(definition('role').json.properties?.category).toMatchObject({ enum: ['common', 'project'], default: 'common' });
    expect(definition('app').internalJson.properties?.app_secret).toMatchObject({ kind: 'secret' });
  });

  it('leave out what only the server reads', () => {
    const role = definition('role') as unknown as Record<string, unknown>;
    for (const key of ['table', 'indexes', 'privileges', 'events', 'schema', 'internal']) expect(role, key).not.toHaveProperty(key);
  });
});

describe('forms find their zod schema through the origin', () => {
  it("a definition's own", () => {
    expect(zodSchemaOf(definition('role'))).toBe(resourceByName.get('role')!.schema);
  });

  it("a screen's own form (a new BU names its owner): the mount's menu schema, in JSON for the inputs and in zod for the checks", () => {
    const { def } = resourceCalls('bu');
    expect(def.origin).toEqual({ name: 'bu', mount: '/open/admin/system/bu-management' });
    expect(Object.keys(def.json.properties ?? {})).toContain('owner_username');
    expect(Object.keys(formSchema(def, 'create').shape)).toContain('owner_username');
    expect(Object.keys(definition('bu').json.properties ?? {})).not.toContain('owner_username');
  });

  it("a record page's tab that takes fewer fields", () => {
    const app = definition('app');
    const schema = zodSchemaOf({ ...app, origin: { ...app.origin, pick: ['name'] } });
    expect(Object.keys(schema.shape)).toEqual(['name']);
  });

  it('custom fields: the extension the server makes, lists and schema alike; switched-off fields are gone', () => {
    const member = definition('member');
    const off = ['english_name'];
    const extended = withConsoleCustomFields(member, [field({}), field({ field_name: 'retired', status: 1 })], off);
    expect(extended.origin.custom).toEqual({ fields: expect.any(Array), off });
    expect(extended.json.properties?.badge).toMatchObject({ type: 'string', maxLength: 5 });
    expect(extended.json.properties).not.toHaveProperty('retired');
    expect(extended.json.properties).not.toHaveProperty('english_name');
    expect(extended.admin.columns.map((c) => c.field)).toContain('badge');
    expect(extended.admin.labels?.badge).toBe('Badge');
    const schema = zodSchemaOf(extended);
    expect(schema.shape).not.toHaveProperty('english_name');
    expect(schema.safeParse({ ...validMember, badge: 'toolong' }).success).toBe(false);
    expect(schema.safeParse({ ...validMember, badge: 'ok' }).success).toBe(true);
    // The registry's definition is untouched.
    expect(member.json.properties).toHaveProperty('english_name');
  });
});

const validMember = { name: 'Alice' };
