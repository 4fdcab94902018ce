import { z } from 'zod';
import { enabledStatus, permCode, sort, text } from './common.ts';

export const dictSchema = z.object({
  /** The dictionary a row belongs to, e.g. `currency`. */
  type: permCode(),
  label: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  value: z.string().trim().min(1, 'validation.required').max(200, 'validation.max_200'),
  remark: text(200).optional(),
  status: enabledStatus(),
  sort: sort(),
});
