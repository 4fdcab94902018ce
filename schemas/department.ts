import { z } from 'zod';
import { code32, name30, sort, text } from './common.ts';
import { optionalGuid } from './tenant-common.ts';

export const departmentSchema = z.object({
  name: name30(),
  parent_guid: optionalGuid(),
  code: code32().optional(),
  leader_guid: optionalGuid(),
  description: text(200).optional(),
  sort: sort(),
});

export const positionSchema = z.object({
  name: name30(),
  code: code32().optional(),
  description: text(200).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid_option' }).default(0),
});
