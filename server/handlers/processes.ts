import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { translate } from '../../i18n/index.ts';
import { AUDIT, SCOPE } from '../../schemas/app-scope.ts';
import { INSTANCE, processActInput } from '../../schemas/process.ts';
import type { CallContext } from '../engine/context.ts';
import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { named } from '../engine/named.ts';
import { setScopes } from '../services/app-scopes.ts';
import { logStep, nameOf } from '../services/processes.ts';
import { forgetAppCallers } from '../rules/app.ts';

/**
 * Deciding the waiting step of a run (docs/tenant-console.md "Approval processes"): its approver is
 * whoever holds the step's role in the BU, or the BU's owner. The last approval approves the run;
 * a rejection ends it. A scope application waiting for its BU then goes on to the platform's
 * review (approved) or is not passed, with the BU's reason (rejected).
 */

interface Instance {
  guid: string;
  bu_guid: string;
  subject_kind: string;
  subject_guid: string | null;
  process_name: string;
  steps: { name: string; role_guid: string }[];
  step: number;
  state: number;
}

const mayDecide = async (tx: Queryable, ctx: CallContext, roleGuid: string) => {
  const { rows } = await tx.query<{ is_owner: boolean; role_guids: string[] }>('select is_owner, role_guids from user_bu where user_guid = $1 and bu_guid = $2', [ctx.caller!.userGuid, ctx.caller!.buGuid]);
  return !!rows[0] && (rows[0].is_owner || (rows[0].role_guids ?? []).includes(roleGuid));
};

/** What the decided run means for what it was about. */
const settleSubject = async (ctx: CallContext, tx: Queryable, run: Instance, approved: boolean, remark: string | undefined) => {
  if (run.subject_kind !== 'audit-record' || !run.subject_guid) return;
  const { rows } = await tx.query<{ app_guid: string; group_codes: string[] }>(
    'update audit_record set status = $2, remark = $3, updated_at = now() where guid = $1 and status = $4 returning app_guid, group_codes',
    [run.subject_guid, approved ? AUDIT.pending : AUDIT.rejected, approved ? null : translate(ctx.lang, 'server.process_rejected_remark', { process: run.process_name, remark: remark ?? '' }).slice(0, 200), AUDIT.bu_review],
  );
  if (!approved && rows[0]) {
    await setScopes(tx, rows[0].app_guid, rows[0].group_codes, SCOPE.closed, [SCOPE.review]);
    forgetAppCallers(ctx);
  }
};

/** The run as it stands after the decision. */
const decided = z.object({
  guid: z.uuid(), process_guid: z.uuid(), process_name: z.string(), subject_kind: z.string(), subject_guid: z.uuid().nullable(), title: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(), app_guid: z.uuid().nullable(), step: z.int(), step_name: z.string().nullable(), state: z.int(),
  created_at: datetime(), updated_at: datetime(),
});
const decide = (approved: boolean) => named({ input: processActInput, output: decided }, async (ctx, { guid, remark }) => {
  return ctx.services.db.transaction(async (tx) => {
    const run = (await tx.query<Instance>('select guid, bu_guid, subject_kind, subject_guid, process_name, steps, step, state from process_instance where guid = $1 and bu_guid = $2 for update', [guid, ctx.caller!.buGuid])).rows[0];
    if (!run) throw new Warning('server.record_not_found');
    if (run.state !== INSTANCE.running) throw new Warning('server.process_not_running');
    const current = run.steps[run.step];
    if (!(await mayDecide(tx, ctx, current.role_guid))) throw new Warning('server.process_not_approver', { step: current.name });
    const next = run.step + 1;
    const done = !approved || next >= run.steps.length;
    const state = !approved ? INSTANCE.rejected : done ? INSTANCE.approved : INSTANCE.running;
    await logStep(tx, { buGuid: run.bu_guid, instance: run.guid, subject: run.subject_guid, step: run.step, stepName: current.name, action: approved ? 'approve' : 'reject', by: ctx.caller!.userGuid, byName: await nameOf(tx, ctx.caller!.userGuid), remark });
    const { rows } = await tx.query(
      `update process_instance set step = $2, step_name = $3, state = $4, updated_at = now() where guid = $1
       returning guid, process_guid, process_name, subject_kind, subject_guid, title, data, app_guid, step, step_name, state, created_at, updated_at`,
      [run.guid, approved ? next : run.step, done ? null : run.steps[next].name, state],
    );
    if (done) await settleSubject(ctx, tx, run, approved, remark);
    return rows[0];
  });
});

export const processApprove = decide(true);
export const processReject = decide(false);
