import { columnConfig, columnPreference } from './column-config.ts';
import { dict } from './dict.ts';
import { permission } from './permission.ts';
import { role } from './role.ts';
import type { ResourceDef } from './types.ts';
import { user } from './user.ts';

/** Every entity of the product. Generic code (tables, calls, screens, tests) loops over this. */
export const resources: readonly ResourceDef[] = [permission, role, user, dict, columnConfig, columnPreference];

export const resourceByName = new Map(resources.map((r) => [r.name, r]));
