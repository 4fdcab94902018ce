import { z } from 'zod';
import { code32, codes, enabledStatus, name30, text } from './common.ts';

/** 0 super management (every permission of its console), 1 administrator, 2 ordinary. */
export const ROLE_TYPE = { super: 0, administrator: 1, ordinary: 2 } as const;

export const roleSchema = z.object({
  name: name30(),
  code: code32().optional(),
  /** 0 super management, 1 administrator, 2 ordinary. */
  type: codes(0, 1, 2).default(2),
  /** Common roles apply everywhere; project roles to the projects they are given. */
  category: z.enum(['common', 'project'], { error: 'validation.invalid_option' }).default('common'),
  description: text(200).optional(),
  status: enabledStatus(),
});
