import { z } from 'zod';
import type { Mount } from '../../resources/types.ts';
import { named } from '../engine/named.ts';
import { translate } from '../../i18n/index.ts';
import { presetFields } from '../../resources/custom-fields.ts';
import { resourceByName } from '../../resources/index.ts';
import type { CallContext } from '../engine/context.ts';
import { customFieldsOf, fieldsIn, fieldsOffIn } from '../engine/custom-fields.ts';
import { Warning } from '../http/envelope.ts';
import { withinOf } from '../engine/relations.ts';

/**
 * Fields per BU (docs/operator.md "Custom fields"): each BU switches the optional preset fields and
 * the custom fields of a definition on or off; a field is on until its BU turns it off.
 */

/** The definition a mount's field calls are about (`fixed.resource`, the staff's by default). */
const subjectOf = (ctx: CallContext) => String(ctx.mount.fixed?.resource ?? 'member');

/** The custom fields as the caller sees them, for the console to extend the form and list with the same rule. */
const customField = z.looseObject({
  guid: z.uuid(), field_name: z.string(), display_name: z.string(), data_type: z.string(), form_type: z.string().nullable(), required: z.boolean(), sort: z.int(), status: z.int(),
});
export const customFieldsList = named({ output: z.object({ fields: z.array(customField), off: z.array(z.string()).describe('Fields the BU turned off') }) }, async (ctx) => {
  const fields = (await customFieldsOf(ctx.services.db, ctx.def.name)).filter((f) => f.status === 0);
  const off = ctx.mount.scope === 'bu' && ctx.caller?.buGuid ? await fieldsOffIn(ctx.services.db, ctx.def.name, ctx.caller.buGuid) : [];
  return { fields, off };
});

const buInput = z.object({ bu_guid: z.uuid('validation.guid_format') });
/** On a BU's mount the BU is the caller's; an operator names it (a `within` mount). */
const inBu = <S extends z.ZodObject>(schema: S) => (mount: Mount) => (mount.within ? schema.extend(buInput.shape) : schema);

const rowsFor = async (ctx: CallContext, buGuid: string) => {
  const resource = subjectOf(ctx);
  const def = resourceByName.get(resource)!;
  const [fields, off] = await Promise.all([customFieldsOf(ctx.services.db, resource), fieldsOffIn(ctx.services.db, resource, buGuid)]);
  const isOff = new Set(off);
  return [
    ...presetFields(def).map((field) => ({ field, kind: 'preset' as const, label: translate(ctx.lang, `resources.${resource}.fields.${field}`) })),
    ...fieldsIn(fields, ctx.lang).filter((f) => f.status === 0).map((f) => ({ field: f.field_name, kind: 'custom' as const, label: f.display_name })),
  ].map((r) => ({ guid: r.field, ...r, enabled: !isOff.has(r.field) }));
};

/** The BU a call is about: the caller's own on a BU's mount, else the one the operator names (which must exist). */
const buOf = async (ctx: CallContext) => (await withinOf(ctx)) ?? ctx.caller!.buGuid!;

/** Every switchable field of the definition with whether the BU has it on. */
const switchable = z.object({ guid: z.string().describe('The field, as `field`'), field: z.string(), kind: z.enum(['preset', 'custom']), label: z.string(), enabled: z.boolean() });
export const fieldStatusList = named({ input: inBu(z.object({})), output: z.array(switchable) }, async (ctx) => rowsFor(ctx, await buOf(ctx)));

const updateInput = z.object({
  /** The field's name; `guid` names it too, as the list's rows do. */
  field: z.string().min(1, 'validation.required').max(64).optional(),
  guid: z.string().max(64).optional(),
  enabled: z.boolean({ error: 'validation.required' }),
});

/** Turns one field on or off in a BU; a required preset field cannot go. */
export const fieldStatusUpdate = named({ input: inBu(updateInput), output: switchable }, async (ctx, input) => {
  const bu = await buOf(ctx);
  const field = input.field ?? input.guid;
  const rows = await rowsFor(ctx, bu);
  const row = rows.find((r) => r.field === field);
  if (!row) throw new Warning('server.field_not_switchable', { field: String(field ?? '') }, { field: 'field' });
  await ctx.services.db.query(
    `insert into custom_field_status (bu_guid, resource, field, enabled) values ($1, $2, $3, $4)
     on conflict (bu_guid, resource, field) do update set enabled = excluded.enabled, updated_at = now()`,
    [bu, subjectOf(ctx), row.field, input.enabled],
  );
  ctx.services.fieldSets.invalidate();
  return { ...row, enabled: input.enabled };
});
