import { z } from 'zod';
import { codes, enabledStatus, guid, name30, permCode, sort, text } from './common.ts';

export const PERMISSION_TYPE = { menu: 0, submenu: 1, button: 2 } as const;

export const permissionSchema = z.object({
  parent_guid: guid().nullable().optional(),
  name: name30(),
  code: permCode(),
  url: text(200).optional(),
  /** 0 menu, 1 submenu, 2 button. */
  type: codes(0, 1, 2),
  /** 0 enabled, 1 disabled. */
  status: enabledStatus(),
  /** Which console the node belongs to. */
  scene: z.enum(['admin', 'tenant'], { error: 'validation.invalid_option' }),
  icon: text(64).optional(),
  hidden: z.boolean().default(false),
  sort: sort(),
});
