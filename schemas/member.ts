import { z } from 'zod';
import { codes, email, name30, phone, text } from './common.ts';
import { areaCode, optionalGuid } from './tenant-common.ts';

export const memberSchema = z.object({
  name: name30(),
  english_name: text(64).optional(),
  alias: text(30).optional(),
  job_number: z.string().trim().max(32, 'validation.max_32').regex(/^[A-Za-z0-9_-]*$/, 'validation.code_format').optional(),
  department_guid: optionalGuid(),
  /** Never the member themself (a rule). */
  superior_guid: optionalGuid(),
  position_guid: optionalGuid(),
  /** 0 employee, 1 outsourcing, 2 system account. */
  account_type: codes(0, 1, 2).default(0),
  /** 86 needs an 11-digit mainland mobile, 852/853/886 an 8-digit number (a rule). */
  area_code: areaCode().default('86'),
  phone: phone().optional(),
  email: email().optional(),
  /** 0 on duty, 1 off duty. */
  duty_status: codes(0, 1).default(0),
});
