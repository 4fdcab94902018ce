import { translate } from '../../i18n/index.ts';
import { AUTH_STATE } from '../../schemas/org.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { duplicateOf } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { listAdmits } from '../services/policy.ts';
import { recordOrgStep, reviewStepOf } from '../services/org-applications.ts';

/** A refusal naming one field, shaped like a schema failure. */
const fieldWarning = (ctx: CallContext, field: string, key: string) => {
  const message = translate(ctx.lang, 'validation.field_error', { field: translate(ctx.lang, `resources.${ctx.def.name}.fields.${field}`), message: translate(ctx.lang, key) });
  return new Warning('server.validation_failed', { details: message }, [{ field, message }]);
};

/** Certification data starts unverified; under review it is frozen; a change after approval needs a new review. */
export const orgRules: Rules = {
  async beforeWrite(_ctx, _tx, values, existing) {
    if (!existing) {
      values.auth_state = AUTH_STATE.unverified;
      return;
    }
    if (existing.auth_state === AUTH_STATE.inProgress) throw new Warning('server.org_under_review');
    if (existing.auth_state === AUTH_STATE.verified && Object.keys(values).length) values.auth_state = AUTH_STATE.unverified;
  },
  async beforeDelete(_ctx, _tx, rows) {
    if (rows.some((r) => r.auth_state === AUTH_STATE.inProgress)) throw new Warning('server.org_under_review');
  },
  // An application is stamped (the reviewer's reason, `remark`, is the rejection transition's: resources/org.ts).
  async afterTransition(ctx, tx, row) {
    // Each application and decision is a row of the BU's certification history (resources/org-application.ts).
    const step = reviewStepOf(row.auth_state);
    if (step) await recordOrgStep(tx, row, step, ctx.caller?.userGuid);
    if (row.auth_state !== AUTH_STATE.inProgress) return;
    Object.assign(row, (await tx.query('update org set applied_at = now() where guid = $1 returning applied_at', [row.guid])).rows[0]);
  },
};

export const companyRules: Rules = {
  async beforeDelete(ctx, tx, rows) {
    const guids = rows.map((r) => r.guid);
    const used = await tx.query('select 1 from project where bu_guid = $1 and company_guids ?| $2::text[] limit 1', [ctx.caller?.buGuid, guids]);
    if (used.rows[0]) throw new Warning('server.in_use');
  },
};

/** The main currency is not also a secondary one. */
export const projectRules: Rules = {
  async beforeWrite(ctx, _tx, values, existing) {
    const main = values.main_currency ?? existing?.main_currency;
    const secondary = (values.secondary_currencies ?? existing?.secondary_currencies ?? []) as string[];
    if (main && secondary.includes(main as string)) throw fieldWarning(ctx, 'secondary_currencies', 'validation.duplicate_currency');
  },
};

/** Renaming must change the name; a department with sub-departments or members stays. */
export const departmentRules: Rules = {
  async beforeWrite(ctx, _tx, values, existing) {
    if (existing && 'name' in ctx.input && values.name === existing.name) throw fieldWarning(ctx, 'name', 'validation.name_unchanged');
  },
  async beforeDelete(_ctx, tx, rows) {
    const guids = rows.map((r) => r.guid);
    const children = await tx.query('select 1 from department where parent_guid = any($1::uuid[]) and guid <> all($1::uuid[]) limit 1', [guids]);
    const members = await tx.query('select 1 from member where department_guid = any($1::uuid[]) limit 1', [guids]);
    if (children.rows[0] || members.rows[0]) throw new Warning('server.in_use');
  },
};

export const positionRules: Rules = {
  async beforeDelete(_ctx, tx, rows) {
    const used = await tx.query('select 1 from member where position_guid = any($1::uuid[]) limit 1', [rows.map((r) => r.guid)]);
    if (used.rows[0]) throw new Warning('server.in_use');
  },
};

/** A superior is never the member themself; the phone fits its area code (86: 11-digit mobile, others: 8 digits). */
export const memberRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    if (values.job_number) {
      const taken = await tx.query('select 1 from member where bu_guid = $1 and job_number = $2 and guid is distinct from $3', [existing?.bu_guid ?? ctx.caller?.buGuid, values.job_number, existing?.guid ?? null]);
      if (taken.rows[0]) throw duplicateOf(ctx.lang, 'member', ['job_number']);
    }
    if (existing && values.superior_guid && values.superior_guid === existing.guid) throw fieldWarning(ctx, 'superior_guid', 'validation.superior_self');
    const phone = (values.phone ?? existing?.phone) as string | undefined;
    const area = (values.area_code ?? existing?.area_code ?? '86') as string;
    if (phone && (area === '86' ? !/^1[3-9]\d{9}$/.test(phone) : !/^\d{8}$/.test(phone))) throw fieldWarning(ctx, 'phone', area === '86' ? 'validation.phone_mainland' : 'validation.phone_8_digits');
  },
  async afterDelete(_ctx, tx, rows) {
    const guids = rows.map((r) => r.guid as string);
    await tx.query('update member set superior_guid = null where superior_guid = any($1::uuid[])', [guids]);
    await tx.query('update department set leader_guid = null where leader_guid = any($1::uuid[])', [guids]);
  },
};

/** A tenant cannot lock itself out: its own address must be on a new whitelist. A new whitelist applies at once on every instance. */
export const safePolicyRules: Rules = {
  async beforeWrite(ctx, _tx, values) {
    const list = values.ip_whitelist as string[] | undefined;
    const ip = ctx.req?.ip;
    if (ctx.mount.scope === 'bu' && list?.length && ip && !listAdmits(list, ip)) throw fieldWarning(ctx, 'ip_whitelist', 'validation.whitelist_excludes_caller');
  },
  async afterWrite(ctx) {
    ctx.afterCommit(async () => ctx.services.caches.changed('whitelists'));
  },
};
