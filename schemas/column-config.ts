import { z } from 'zod';

/** One list column as product staff arrange it. */
export const columnSetting = z.object({
  field: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  visible: z.boolean().default(true),
  /** Overrides the translated label in every language when set. */
  label: z.string().trim().max(30, 'validation.max_30').optional(),
  width: z.number().int().min(40).max(1000).optional(),
});

const resourceName = () => z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[a-z][a-z0-9-]*$/, 'validation.perm_code_format');

/** The list columns of one resource for every user; defaults come from `resources/`. */
export const columnConfigSchema = z.object({
  resource: resourceName(),
  columns: z.array(columnSetting).max(100),
});

/** Columns one person hides for themself. */
export const columnPreferenceSchema = z.object({
  resource: resourceName(),
  hidden: z.array(z.string().max(64)).max(100).default([]),
});
