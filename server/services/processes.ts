import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';
import { INSTANCE } from '../../schemas/process.ts';
import { AUDIT } from '../../schemas/app-scope.ts';

/**
 * Running a BU's approval processes (docs/tenant-console.md "Approval processes"): an instance
 * waits at its first step, each approval moves it on, the last one approves it, a rejection ends
 * it; every move is a history row, written in the caller's transaction.
 */

export interface ProcessRow {
  guid: string;
  name: string;
  steps: { name: string; role_guid: string }[];
}

/** How a history row names who acted: the account's name, else its username. */
export const nameOf = async (tx: Queryable, userGuid: string) =>
  (await tx.query<{ name: string }>('select coalesce(name, username) as name from users where guid = $1', [userGuid])).rows[0]?.name ?? '';

/** The BU's enabled process for its scope applications, if it has one. */
export const scopeProcessOf = async (tx: Queryable, buGuid: string) =>
  (await tx.query<ProcessRow>("select guid, name, steps from process where bu_guid = $1 and trigger = 'scope_application' and status = 0 limit 1", [buGuid])).rows[0];

export const logStep = (tx: Queryable, i: { buGuid: string; instance: string; subject: string | null; step: number; stepName: string | null; action: 'start' | 'approve' | 'reject'; by: string; byName: string; remark?: string | null }) =>
  tx.query(
    `insert into process_step (guid, bu_guid, created_by, instance_guid, subject_guid, step, step_name, action, by_name, remark)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [randomUUID(), i.buGuid, i.by, i.instance, i.subject, i.step, i.stepName, i.action, i.byName, i.remark ?? null],
  );

/** Starts a run of `process` at its first step; answers the new instance. */
export const startInstance = async (
  tx: Queryable,
  s: { buGuid: string; process: ProcessRow; kind: 'audit-record' | 'open-api'; subject: string | null; title: string; data?: Record<string, unknown> | null; appGuid?: string | null; by: string; byName: string },
) => {
  const guid = randomUUID();
  const first = s.process.steps[0];
  const { rows } = await tx.query(
    `insert into process_instance (guid, bu_guid, created_by, process_guid, process_name, subject_kind, subject_guid, title, data, app_guid, steps, step, step_name, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $13, 0, $11, $12)
     returning guid, process_guid, process_name, subject_kind, subject_guid, title, data, app_guid, step, step_name, state, created_at, updated_at`,
    [guid, s.buGuid, s.by, s.process.guid, s.process.name, s.kind, s.subject, s.title, s.data ? JSON.stringify(s.data) : null, s.appGuid ?? null, first.name, INSTANCE.running, JSON.stringify(s.process.steps)],
  );
  await logStep(tx, { buGuid: s.buGuid, instance: guid, subject: s.subject, step: 0, stepName: first.name, action: 'start', by: s.by, byName: s.byName });
  return rows[0];
};

/**
 * A scope application goes through the BU's process when it has one: it waits (`bu_review`) and a
 * run starts for it. Answers whether it does.
 */
export const routeApplication = async (tx: Queryable, a: { buGuid: string; guid: string; appGuid: string; codes: readonly string[]; by: string }) => {
  const process = await scopeProcessOf(tx, a.buGuid);
  if (!process) return false;
  const app = (await tx.query<{ name: string }>('select name from app where guid = $1', [a.appGuid])).rows[0];
  await tx.query('update audit_record set status = $2, remark = null, updated_at = now() where guid = $1', [a.guid, AUDIT.bu_review]);
  await startInstance(tx, { buGuid: a.buGuid, process, kind: 'audit-record', subject: a.guid, title: `${app?.name ?? ''}: ${a.codes.join(', ')}`, by: a.by, byName: await nameOf(tx, a.by) });
  return true;
};

/** What a run was about was withdrawn: the run ends without a decision. */
export const withdrawRuns = (tx: Queryable, subject: string) =>
  tx.query('update process_instance set state = $2, step_name = null, updated_at = now() where subject_guid = $1 and state = $3', [subject, INSTANCE.withdrawn, INSTANCE.running]);
