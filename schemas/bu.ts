import { z } from 'zod';
import { code32, enabledStatus, image, name30, text, username } from './common.ts';
import { IMAGE_RULES } from './image.ts';
import { domain } from './tenant-common.ts';

/** A business unit's profile (spec §3 BU). */
export const buSchema = z.object({
  name: name30(),
  alias: text(30).optional(),
  code: code32().optional(),
  cover_url: image({ ...IMAGE_RULES.picture, public: true }).optional(),
  abbreviation: text(30).optional(),
  portal_domain: domain().optional(),
  custom_domain: domain().optional(),
  description: text(200).optional(),
  status: enabledStatus(),
});

/** A BU as an operator adds it: its profile and, optionally, its owner (a main account, by username). */
export const buWithOwnerSchema = buSchema.extend({ owner_username: username().optional() });
