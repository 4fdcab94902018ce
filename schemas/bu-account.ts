import { z } from 'zod';
import { codes, datetime } from './common.ts';

/**
 * An account of a BU as its members list shows it: the person (users) with their membership
 * (user_bu) — the owner, or a sub-account — read through the `bu_account` view (server/db/migrations.ts).
 */
export const buAccountSchema = z.object({
  username: z.string(),
  name: z.string().nullable(),
  alias: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** 0 normal, 1 frozen, 2 to be activated. */
  status: codes(0, 1, 2),
  /** 1 main account (an owner), 2 sub-account. */
  user_type: codes(1, 2),
  is_owner: z.boolean(),
  role_guids: z.array(z.uuid()).nullable(),
  joined_at: datetime(),
});
