import { z } from 'zod';
import { code32, enabledStatus, guid, name30, text } from './common.ts';
import { distinct } from './tenant-common.ts';

/** How many BUs one union may group, and how many departments, users and apps it may share. */
export const UNION_BU_LIMITS = { bus: 200, depts: 5000, users: 5000, apps: 500 } as const;

/**
 * A union BU (operator console, docs/operator.md "Union BUs"): a named group of business units
 * whose departments, users (members) and apps are shared. Operators edit the name, code,
 * description and member BUs; the status moves only by enable/disable.
 */
export const unionBuSchema = z.object({
  name: name30(),
  code: code32(),
  description: text(200).optional(),
  /** The member BUs: each must exist; one that joins must be enabled (server/rules/union-bu.ts). */
  bu_guids: distinct(guid(), UNION_BU_LIMITS.bus).default([]),
  /** 0 enabled, 1 disabled. */
  status: enabledStatus(),
  /** Member BUs may leave the union themselves (`/account/associated-organize`). */
  members_may_leave: z.boolean().default(false),
});

/** What a member BU sees of a union it belongs to (`/account/associated-organize`). */
export const unionMembershipSchema = z.object({
  name: z.string(),
  code: z.string(),
  description: z.string().optional(),
  status: enabledStatus(),
  members_may_leave: z.boolean(),
});

/**
 * Kept by the server, written only by `save-dept-users` and `save-apps` (the definition's
 * `selections`): what the union shares, each drawn from its member BUs (apps also from the store).
 */
export const unionBuInternal = z.object({
  dept_guids: z.array(z.uuid()).default([]),
  user_guids: z.array(z.uuid()).default([]),
  app_guids: z.array(z.uuid()).default([]),
});
