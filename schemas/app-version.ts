import { z } from 'zod';
import { codes, datetime, guid, image, text } from './common.ts';
import { IMAGE_RULES } from './image.ts';
import { money } from './order.ts';

/**
 * A store app version's states (docs/store.md, "Service providers"): the provider drafts and
 * submits it; an operator approves it (listed) or rejects it with a reason; a listed version may be
 * delisted and relisted; approving a newer version replaces the listed one.
 */
export const VERSION = { draft: 0, review: 1, listed: 2, rejected: 3, delisted: 4, replaced: 5 } as const;

/** A version number as providers write them: 1.0, 2.3.1-beta. */
const versionNumber = () =>
  z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32').regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'validation.code_format');

/**
 * What a service provider submits of its store app for review: its listing, the scopes it will ask
 * each buyer for, and the classifications it wishes to be in. Approved, it becomes the store's
 * listing of the app and the scopes open for it (server/services/store-publish.ts).
 */
export const appVersionSchema = z.object({
  /** One of the BU's store apps (type 0). */
  app_guid: guid(),
  version: versionNumber(),
  summary: text(120).min(1, 'validation.required'),
  /** Markdown, rendered and sanitised as documents are. */
  description: text(5000).meta({ kind: 'markdown' }).optional(),
  screenshots: z.array(image({ ...IMAGE_RULES.picture, public: true })).max(8, 'validation.too_many').default([]),
  /** In cents of the platform's currency, typed in its units; 0 is free. */
  price: money().default(0),
  /** 0 once, 1 per month, 2 per year. */
  cycle: codes(0, 1, 2).default(0),
  /** The open API's scopes each buyer grants the app on installing it. */
  scope_guids: z.array(guid()).max(50, 'validation.too_many').default([]),
  /** The store classifications the provider would like it in; the reviewer decides. */
  classify_guids: z.array(guid()).max(10, 'validation.too_many').default([]),
  /** What changed, for the reviewer. */
  note: text(500).optional(),
});

/** Kept by the server: the state, the reviewer's reason, and when it was submitted and decided. */
export const appVersionInternal = z.object({
  status: codes(0, 1, 2, 3, 4, 5).default(0),
  reason: z.string().nullable(),
  submitted_at: datetime().nullable(),
  reviewed_at: datetime().nullable(),
});
