import { z } from 'zod';
import { email, password, username } from './common.ts';

/** Bodies of the public sign-up and sign-in calls (spec §5), shared with the console's forms. */
export const emailCodeInput = z.object({
  email: email().min(1, 'validation.required'),
  /** What the code is for: registration (default) or a personal e-mail change. */
  purpose: z.enum(['register', 'change-email'], { error: 'validation.invalid_option' }).default('register'),
});

export const verificationCode = () => z.string().trim().regex(/^\d{6}$/, 'validation.verification_code_format');

export const registerInput = z.object({
  username: username(),
  password: password(),
  confirm_password: z.string().optional(),
  email: email().min(1, 'validation.required'),
  code: verificationCode(),
  agree: z.literal(true, { error: 'validation.agreement_required' }),
});

export const resetRequestInput = z.object({ email: email().min(1, 'validation.required') });
export const linkInput = z.object({ token: z.string().trim().min(20, 'validation.link_invalid').max(200, 'validation.link_invalid') });
/** Policy rules apply on top of this, so the length here is the widest any policy allows. */
export const newPasswordInput = z.object({
  password: z.string().min(1, 'validation.required').max(64, 'validation.max_64'),
  confirm_password: z.string().optional(),
});
