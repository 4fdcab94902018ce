import type { Queryable } from '../db/driver.ts';

/**
 * Whether an account proved its e-mail address here (docs/security.md, "Sessions and sign-in"):
 * `users.verified_email` holds the last address it proved by a mailed code or link, so an address
 * changed any other way (an administrator's edit, an IdP) is unproved until it is proved again.
 * Only a proved address names the account to the e-mail-code login or links a company sign-in.
 */
export const emailVerified = (alias: string) => `(${alias}.email is not null and lower(${alias}.verified_email) = lower(${alias}.email))`;

/** Records that the account received mail at `address` (a code it typed back, a link it opened). */
export const proveEmail = async (db: Queryable, userGuid: string, address: string | null | undefined) => {
  if (address) await db.query('update users set verified_email = $2 where guid = $1', [userGuid, address.toLowerCase()]);
};
