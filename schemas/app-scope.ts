import { z } from 'zod';
import { codes, enabledStatus, guid, name30, permCode, text } from './common.ts';

/** An API group (a scope an app applies for): the open-API calls that name its code. */
export const apiGroupSchema = z.object({
  code: permCode(),
  name: name30(),
  description: text(200).optional(),
  status: enabledStatus(),
});

/**
 * 0 pending review, 1 audit passed, 2 audit not passed, 3 marked complete (spec §4); 4 waiting for
 * the BU's own approval process before the platform sees it (docs/tenant-console.md).
 */
export const AUDIT = { pending: 0, passed: 1, rejected: 2, complete: 3, bu_review: 4 } as const;
/** Per app and scope: 0 not opened, 1 under review, 2 opened (spec §4). */
export const SCOPE = { closed: 0, review: 1, open: 2 } as const;

/** An app's state in one scope (a row of `permissions/list`): the scope as listed, and the app's state in it. */
export const appScopeSchema = apiGroupSchema.omit({ status: true }).extend({ status: codes(SCOPE.closed, SCOPE.review, SCOPE.open) });

/** A tenant's application for scopes of one app; operators decide it. */
export const auditRecordSchema = z.object({
  app_guid: guid(),
  group_codes: z.array(permCode()).min(1, 'validation.required').max(50, 'validation.too_many'),
});

export const auditRecordInternal = z.object({
  status: codes(0, 1, 2, 3, 4),
  remark: text(200).nullable(),
});
