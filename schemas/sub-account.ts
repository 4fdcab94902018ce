import { z } from 'zod';
import { codes, email, guid, name30, phone, text, username } from './common.ts';

/** A BU's sub-account (userType 2); it sets its own password through the activation link. */
export const subAccountSchema = z.object({
  username: username(),
  name: name30(),
  alias: text(30).optional(),
  email: email(),
  phone: phone().optional(),
  /** Roles in the BU; user_bu holds the membership, kept in step by a rule. */
  role_guids: z.array(guid()).max(50).default([]),
});

export const subAccountInternal = z.object({
  user_type: codes(0, 1, 2),
  /** 0 normal, 1 frozen, 2 to be activated. */
  status: codes(0, 1, 2),
});

export const SUB_STATUS = { normal: 0, frozen: 1, toBeActivated: 2 } as const;
