import { z } from 'zod';
import { codes, guid, text } from './common.ts';

/**
 * One step of a BU's organisation certification, kept as history (`/open/system/org/application/page`):
 * the tenant's application and each decision on it. Written by the server only (server/rules/tenant.ts,
 * the operators' BU management), never taken from a body: the calls that show it are reads.
 */
export const ORG_APPLICATION_ACTIONS = ['apply', 'approve', 'reject', 'certify', 'withdraw'] as const;

export const orgApplicationSchema = z.object({
  org_guid: guid(),
  /** apply (tenant), approve / reject (the review), certify / withdraw (an operator outside a review). */
  action: z.enum(ORG_APPLICATION_ACTIONS, { error: 'validation.invalid_option' }),
  /** The certification state the step left the BU in: 0 unverified, 1 in progress, 2 verified, 3 failed. */
  auth_state: codes(0, 1, 2, 3),
  /** What was applied with, as it stood at the step. */
  company_name: text(64),
  credit_code: text(18),
  /** The reviewer's reason of a rejection. */
  remark: text(200).nullable().optional(),
});
