import type { CallContext, Rules } from '../engine/context.ts';
import type { Queryable } from '../db/driver.ts';
import { refusal } from '../http/validation.ts';

const refuse = (ctx: CallContext, key: string, field: string) => refusal(ctx.lang, key, {}, field);

/** A BU runs its scope applications through one process at most: two enabled ones would be ambiguous. */
const checkOneScopeProcess = async (ctx: CallContext, tx: Queryable, row: Record<string, unknown>) => {
  if (row.trigger !== 'scope_application' || row.status !== 0) return;
  const { rows } = await tx.query("select 1 from process where bu_guid = $1 and trigger = 'scope_application' and status = 0 and guid is distinct from $2 limit 1", [ctx.caller!.buGuid, row.guid ?? null]);
  if (rows.length) throw refuse(ctx, 'server.process_scope_one', 'trigger');
};

/** Every step's role is one of the BU's own roles; one enabled process takes the BU's scope applications. */
export const processRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const merged = { ...existing, ...values };
    if (values.steps) {
      const roles = [...new Set((values.steps as { role_guid: string }[]).map((s) => s.role_guid))];
      const { rows } = await tx.query('select guid from role where guid = any($1::uuid[]) and bu_guid = $2', [roles, ctx.caller!.buGuid]);
      if (rows.length !== roles.length) throw refuse(ctx, 'server.process_role_outside', 'steps');
    }
    await checkOneScopeProcess(ctx, tx, merged);
  },
  async beforeTransition(ctx, tx, to, existing) {
    await checkOneScopeProcess(ctx, tx, { ...existing, status: to });
  },
};
