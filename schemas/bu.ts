import { z } from 'zod';
import { code32, enabledStatus, name30, text, url } from './common.ts';
import { domain } from './tenant-common.ts';

/** A business unit's profile (spec §3 BU). */
export const buSchema = z.object({
  name: name30(),
  alias: text(30).optional(),
  code: code32().optional(),
  cover_url: url().optional(),
  abbreviation: text(30).optional(),
  portal_domain: domain().optional(),
  custom_domain: domain().optional(),
  description: text(200).optional(),
  status: enabledStatus(),
});
