import { z } from 'zod';
import { codes, guid } from './common.ts';
import { MAX_FILES } from './file.ts';

/** A work order's states (spec §4): to be assigned, processing, processed awaiting evaluation, closed. */
export const WORK_ORDER_STATE = { toAssign: 0, processing: 1, processed: 2, closed: 3 } as const;
/** What a record of the conversation is: a reply, or a move between states. */
export const RECORD_KIND = { reply: 0, transition: 1 } as const;

const title = () => z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64');
const body = () => z.string().trim().min(1, 'validation.required').max(2000, 'validation.max_2000');
/** Files sent first through the upload call, named by the address it answered (`/open/file/{guid}`). */
const attachments = () =>
  z.array(z.string().regex(/^\/open\/file\/[0-9a-f-]{36}$/, 'validation.link_invalid')).max(MAX_FILES, 'validation.too_many').default([]).meta({ kind: 'files' });

/** A tenant's request for help: 0 account, 1 app, 2 API and events, 3 billing, 4 other. */
export const workOrderSchema = z.object({
  title: title(),
  description: body(),
  category: codes(0, 1, 2, 3, 4).default(4),
  /** The app it is about, one of the BU's. */
  app_guid: guid().nullable().default(null),
  /** A store app the BU installed that it is about: its service provider reads it and answers too (docs/store.md). */
  installed_app_guid: guid().nullable().default(null),
  attachments: attachments(),
});

/** Kept by the server: the state, the number people quote, and the tenant's evaluation (who raised it is `created_by`). */
export const workOrderInternal = z.object({
  state: codes(0, 1, 2, 3).default(0),
  number: z.string(),
  /** 1 to 5, given when the tenant closes it. */
  rating: z.number().int('validation.integer').min(1, 'validation.range').max(5, 'validation.range').nullable(),
  comment: z.string().trim().max(500, 'validation.max_500').nullable().optional(),
  /** The BU providing the installed store app it is about, when a service provider's: it reads and answers it. */
  provider_bu_guid: guid().nullable().optional(),
});

/** One entry of a work order's conversation: a reply by either side, or a state change. */
export const workOrderRecordSchema = z.object({
  work_order_guid: guid(),
  content: body(),
  attachments: attachments(),
});

export const workOrderRecordInternal = z.object({
  kind: codes(0, 1).default(0),
  /** `tenant`, `operator`, or `provider` (the service provider of the store app it is about). */
  side: z.string(),
  author_guid: guid().nullable(),
  author_name: z.string().nullable(),
  from_state: z.number().int().nullable(),
  to_state: z.number().int().nullable(),
});

/** A question a BU keeps with its answer, so that its people find it again (search by title and text). */
export const workQuestionSchema = z.object({
  title: title(),
  content: body(),
  answer: z.string().trim().max(2000, 'validation.max_2000').default(''),
  category: codes(0, 1, 2, 3, 4).default(4),
});

