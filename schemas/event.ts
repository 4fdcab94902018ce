import { z } from 'zod';
import { datetime, enabledStatus, guid, name30, permCode, text, webUrl } from './common.ts';

/** An event code as Lark writes them: `contact.user.created_v3`. */
export const eventCode = () =>
  z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/, 'validation.event_code_format');

/** The message key of a seeded event type's texts (`resources.event-info.seeded.<key>`): codes hold dots, keys may not. */
export const eventMessageKey = (code: string) => code.replaceAll('.', '_');

/** An event type of the catalogue (seeded): its code, the scope an app must have opened, its payload's JSON Schema. */
export const eventInfoSchema = z.object({
  code: eventCode(),
  /** The scope (api_group code) an app must have opened to subscribe; none for events about the app itself. */
  group_code: permCode().nullable().default(null),
  name: name30(),
  description: text(200).optional(),
  /** JSON Schema of the `event` part of a push. */
  payload_schema: z.record(z.string(), z.unknown()).default({}),
  status: enabledStatus(),
});

/** An app's event endpoint: where its events are pushed. The keys are generated (server/events/keys.ts). */
export const eventConfigSchema = z.object({
  app_guid: guid(),
  request_url: webUrl().nullable().default(null),
});

/** How an app takes its events: pushed to its request URL, or over Lark's long connection (server/lark/ws/). */
export const DELIVERY_MODES = ['push', 'long_connection'] as const;

/** Kept by the server: the keys, when the URL last answered the challenge, and the endpoint's health. */
export const eventConfigInternal = z.object({
  /** Set by `subscribe-config/save-update`; none is `push`. */
  delivery_mode: z.enum(DELIVERY_MODES).nullable(),
  verification_token: z.string(),
  encrypt_key: z.string().nullable(),
  /** Key of the `X-Open-Signature` HMAC (docs/events.md). */
  signing_secret: z.string(),
  verified_at: datetime().nullable(),
  /** Set by the first failure after a success; three days of it pause the endpoint. */
  failing_since: datetime().nullable(),
  paused_at: datetime().nullable(),
});

/** One event type an app subscribes to. */
export const eventRelSchema = z.object({
  app_guid: guid(),
  event_code: eventCode(),
});

/** `subscribe-rel/save`: event types added to an app's subscriptions (at least one). */
export const eventRelSaveSchema = z.object({
  app_guid: guid(),
  event_codes: z.array(eventCode()).min(1, 'validation.event_required').max(100, 'validation.too_many'),
});

/** A message's delivery state (the event log's per-event state). */
export const DELIVERY = { pending: 0, delivered: 1, failed: 2 } as const;
