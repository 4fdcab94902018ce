import { z } from 'zod';
import { image, name30, phone, text } from './common.ts';
import { IMAGE_RULES } from './image.ts';
import { creditCode } from './tenant-common.ts';

/** A BU's organisation certification data; `auth_state` is set by apply-auth and the operator's review. */
export const orgSchema = z.object({
  company_name: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  credit_code: creditCode(),
  legal_person: name30().optional(),
  contact_name: name30().optional(),
  contact_phone: phone().optional(),
  address: text(200).optional(),
  /** The business licence: private, read only by who may read the organisation. */
  license_url: image(IMAGE_RULES.picture).optional(),
});

/** 0 unverified, 1 in progress, 2 verified, 3 failed (spec §3). */
export const AUTH_STATE = { unverified: 0, inProgress: 1, verified: 2, failed: 3 } as const;
