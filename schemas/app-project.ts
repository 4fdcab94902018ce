import { z } from 'zod';
import { guid, text } from './common.ts';

/**
 * An app bound to a project of a BU (spec: app-project): the BU's own app, or a store app the BU
 * has installed, and one of that BU's projects. Operators keep the bindings (bu-management).
 */
export const appProjectSchema = z.object({
  app_guid: guid(),
  project_guid: guid(),
  remark: text(200).nullable().default(null),
});
