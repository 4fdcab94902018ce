import { randomUUID } from 'node:crypto';
import type { ORG_APPLICATION_ACTIONS } from '../../schemas/org-application.ts';
import type { Queryable } from '../db/driver.ts';

type Step = (typeof ORG_APPLICATION_ACTIONS)[number];

/**
 * Records one step of a BU's certification (resources/org-application.ts) in the transaction of the
 * step itself, with the data as it stood: so a BU's history is what was applied and decided.
 */
export const recordOrgStep = async (tx: Queryable, org: Record<string, unknown>, action: Step, by: string | null | undefined) => {
  await tx.query(
    `insert into org_application (guid, bu_guid, org_guid, action, auth_state, company_name, credit_code, remark, created_by)
     select $1, o.bu_guid, o.guid, $3, o.auth_state, o.company_name, o.credit_code, case when $3 = 'reject' then o.remark else null end, $4 from org o where o.guid = $2`,
    [randomUUID(), org.guid, action, by ?? null],
  );
};

/** The step a certification state reached by the review means (apply, approve, reject). */
export const reviewStepOf = (authState: unknown): Step | null =>
  authState === 1 ? 'apply' : authState === 2 ? 'approve' : authState === 3 ? 'reject' : null;

/** The step an operator's change outside a review means. */
export const operatorStepOf = (authState: number): Step => (authState === 2 ? 'certify' : authState === 3 ? 'reject' : 'withdraw');
