import { z } from 'zod';
import type { ImageRule } from './image.ts';

/**
 * Field builders shared by entity schemas. Messages are i18n keys (`validation.*`); the server
 * and the console translate them, so both say the same sentence.
 */

export const name30 = () => z.string().trim().min(1, 'validation.required').max(30, 'validation.max_30');
export const text = (max: number) => z.string().trim().max(max);
export const code32 = () =>
  z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32').regex(/^[A-Za-z0-9]+$/, 'validation.code_format');
/** Permission-style codes such as `admin:role:add`. */
export const permCode = () =>
  z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[A-Za-z0-9:_.-]+$/, 'validation.perm_code_format');
export const username = () =>
  z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32').regex(/^[A-Za-z0-9_@.-]+$/, 'validation.username_format');
/** 8 to 16 characters with at least one letter and one digit (spec §5). */
export const password = () =>
  z.string().min(8, 'validation.password_format').max(16, 'validation.password_format')
    .regex(/[A-Za-z]/, 'validation.password_format').regex(/[0-9]/, 'validation.password_format')
    .meta({ kind: 'password' });
/** A server-kept secret's hash (an app's secret): set by rules, never taken from a body, never answered. */
export const secretHash = () => z.string().meta({ kind: 'secret' });
export const email = () =>
  z.string().trim().max(64, 'validation.max_64').regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'validation.email_format');
/** 8 digits (HK/Macau) or 11 digits starting 13–19 (mainland). */
export const phone = () => z.string().trim().regex(/^(\d{8}|1[3-9]\d{9})$/, 'validation.phone_format');
export const url = () => z.string().trim().max(500, 'validation.max_500');
/** An http or https URL: never `javascript:`, `data:` or a file. */
export const webUrl = () => z.url({ protocol: /^https?$/, error: 'validation.url_format' }).max(500, 'validation.max_500');
/**
 * An uploaded image (`/open/file/{guid}`, never an outside address), within `rule` (schemas/image.ts):
 * forms show an upload with a preview and check the picked file; the server checks its bytes on
 * upload and again when a record names it.
 */
export const image = (rule: ImageRule) =>
  z.string().trim().regex(/^\/open\/file\/[0-9a-f-]{36}$/, 'validation.image_link').meta({ kind: 'image', image: rule });
export const guid = () => z.uuid('validation.guid_format');
/**
 * An instant (SQL `timestamptz`): ISO 8601 with an offset on the wire (`format: date-time`). The
 * console edits it with a date-and-time picker in the person's zone; nobody types ISO 8601.
 */
export const datetime = () => z.iso.datetime({ offset: true, error: 'validation.datetime_format' }).meta({ kind: 'datetime' });
/** A calendar day (SQL `date`), `YYYY-MM-DD` on the wire (`format: date`), answered as stored: no zone shifts it. */
export const date = () => z.iso.date({ error: 'validation.date_format' }).meta({ kind: 'date', sqlType: 'date' });
export const sort = () => z.number().int().min(0).max(1_000_000).default(0);

/** An integer code limited to the listed values, e.g. status 0 enabled / 1 disabled. */
export const codes = <const T extends readonly [number, ...number[]]>(...values: T) =>
  z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>], {
    error: 'validation.invalid_option',
  });

/** 0 enabled, 1 disabled: the status most entities share. */
export const enabledStatus = () => codes(0, 1).default(0);
