import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { LOG_WINDOW_DAYS, outsideLogWindow } from '../../schemas/log-window.ts';
import type { Services } from '../engine/context.ts';
import { pagingInput, pagingOf } from '../engine/paging.ts';
import { keysetAnswerOf } from '../engine/call-docs.ts';
import type { CallDoc } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { searchDeveloperLog } from '../services/developer-log.ts';
import { bespoke } from './bespoke.ts';

const searchInput = z.object({
  from: datetime().optional(),
  to: datetime().optional(),
  kind: z.enum(['api', 'event'], { error: 'validation.invalid_option' }).optional(),
  app_guid: z.uuid('validation.guid_format').optional(),
  code: z.string().trim().max(64, 'validation.max_64').optional(),
  http_status: z.number().int().min(100).max(599).optional(),
  ref_id: z.string().trim().max(64, 'validation.max_64').optional(),
  cursor: z.string().regex(/^[0-9T:.+-]+Z?\|[0-9a-f-]{36}$/, 'validation.cursor_format').optional(),
  with_total: z.boolean().default(true),
});

/**
 * `/developer/log` (docs/apps.md, "Developer log"): one search over the open-API calls and event
 * pushes of all the BU's apps, in the spec's 7-day window. Beyond the catalogue, in its convention.
 */
/** One call or push of an app, newest first. */
const entry = z.object({
  id: z.string(), kind: z.string().describe('What it was: an open-API call or an event push'), app_guid: z.uuid(), app_name: z.string().nullable(),
  installed: z.boolean().describe('A store app the BU installed (its calls into this BU), not one of its own'),
  code: z.string().nullable().describe("The call's api_code or the event's type"), http_status: z.int().nullable(), ref_id: z.string().nullable(), ms: z.number().nullable(), created_at: datetime(),
});

export const mountDeveloperLog = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  bespoke(app, services, docs, 'developer-log')(
    { path: '/open/developer/log/page', summary: "Search the BU's apps' open-API calls and event pushes, and its installed store apps' within it, together (a window of at most 7 days), newest first, by keyset (`cursor`)", body: searchInput.extend(pagingInput.shape), answer: keysetAnswerOf(entry) },
    { scope: 'bu', perm: 'tenant:log', action: 'view' },
    async ({ caller, input, lang }) => {
      const q = parseOrWarn(lang, searchInput, input, 'app');
      const { page_size } = pagingOf(lang, input, 'app');
      const to = q.to ? new Date(q.to) : new Date();
      const from = q.from ? new Date(q.from) : new Date(to.getTime() - 86_400_000);
      if (outsideLogWindow(from, to)) throw new Warning('server.log_window', { days: LOG_WINDOW_DAYS }, { field: 'from' });
      // Every call and push made before this search is in it.
      await services.apiLog.flush();
      return searchDeveloperLog(services.db, { ...q, bu_guid: caller.buGuid!, from, to, pageSize: page_size });
    },
  );
};
