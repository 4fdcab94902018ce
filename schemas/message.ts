import { z } from 'zod';
import { codes, datetime, guid } from './common.ts';

/**
 * Who a message is for: one user (a work order's raiser), a BU about one of its apps, a whole BU
 * (an announcement), or the platform's operators.
 */
export const MESSAGE_KIND = { user: 0, app: 1, bu: 2, platform: 3 } as const;

/**
 * A message is written by the platform, never by a body: its definition has no call that takes
 * one (docs/messages.md). The platform's own messages keep a key and its parameters and are worded
 * in the reader's language when read; an announcement's keep the operator's own title and body.
 */
export const messageSchema = z.object({ title: z.string().nullable() });

export const messageInternal = z.object({
  kind: codes(0, 1, 2, 3),
  /** The reader of a user message. */
  to_user: guid().nullable(),
  app_guid: guid().nullable(),
  /** `messages.<key>.title|body` in the reader's language. */
  key: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  body: z.string().nullable(),
  /** A page of the console the message is about. */
  link: z.string().nullable(),
  announcement_guid: guid().nullable(),
});

/** An operator's announcement: to every BU, to chosen BUs, or to the BUs that have chosen apps; now or at a set time. */
export const announcementSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  /** Markdown, rendered and sanitised as documents are. */
  body: z.string().trim().min(1, 'validation.required').max(20_000, 'validation.max_20000'),
  audience: codes(0, 1, 2).default(0),
  bu_guids: z.array(guid()).max(200, 'validation.too_many').default([]),
  app_guids: z.array(guid()).max(200, 'validation.too_many').default([]),
  /** When to publish; absent or past: at once. */
  publish_at: datetime().nullable().default(null),
});

/** 0 scheduled, 1 published; when it went out, and to how many BUs. */
export const announcementInternal = z.object({
  state: codes(0, 1).default(0),
  published_at: datetime().nullable(),
  reach: z.number().int().default(0),
});

export const ANNOUNCEMENT_STATE = { scheduled: 0, published: 1 } as const;

/**
 * An app's message to the people of its BU (docs/messages.md): everyone (`all`), a department's
 * members, or chosen members; a member reads it in the message center, under the app tab, through
 * the BU's account with their e-mail.
 */
export const appMessageInput = z
  .object({
    title: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
    body: z.string().trim().min(1, 'validation.required').max(2000, 'validation.max_2000'),
    all: z.boolean().optional(),
    department_guid: guid().optional(),
    member_guids: z.array(guid()).min(1, 'validation.required').max(200, 'validation.too_many').optional(),
  })
  .refine((m) => m.all || m.department_guid || m.member_guids, { message: 'validation.required', path: ['member_guids'] });
