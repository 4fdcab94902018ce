import { z } from 'zod';
import { code32, codes, name30, text, url } from './common.ts';
import { clockTime, distinct, latitude, longitude } from './tenant-common.ts';

const currency = () => z.string().trim().regex(/^[A-Z]{3}$/, 'validation.currency_format');

export const projectSchema = z.object({
  name: name30(),
  code: code32(),
  area_code: z.string().trim().regex(/^\d{6,12}$/, 'validation.area_code_format').optional(),
  address: text(200).optional(),
  longitude: longitude().optional(),
  latitude: latitude().optional(),
  opening_time: clockTime().optional(),
  closing_time: clockTime().optional(),
  /** 0 opened, 1 not opened, 2 closed. */
  opening_status: codes(0, 1, 2).default(1),
  cover_url: url().optional(),
  main_currency: currency().optional(),
  /** Secondary settlement currencies: no repeats, and never the main currency (a rule). */
  secondary_currencies: distinct(currency(), 10, 'validation.duplicate_currency').default([]),
  company_guids: distinct(z.uuid('validation.guid_format'), 100).default([]),
  member_guids: distinct(z.uuid('validation.guid_format'), 500).default([]),
});
