import { z } from 'zod';

/** Field builders of the tenant organisation (spec §5); messages are i18n keys like schemas/common.ts. */

/** 18 characters, digits or uppercase letters excluding I, O, Z, S, V. */
export const creditCode = () => z.string().trim().regex(/^[0-9A-HJ-NP-RT-UW-Y]{18}$/, 'validation.credit_code_format');
/** Area codes offered beside a phone: mainland 86, Hong Kong 852, Macau 853, Taiwan 886. */
export const AREA_CODES = ['86', '852', '853', '886'] as const;
export const areaCode = () => z.enum(AREA_CODES, { error: 'validation.invalid_option' });
/** An IPv4 or IPv6 address, or a CIDR block of either. */
export const ipEntry = () => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'validation.ip_format' });
export const domain = () =>
  z.string().trim().max(253, 'validation.too_big').regex(/^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/, 'validation.domain_format');
/** `HH:mm`, 00:00 to 23:59: a time of day, never a date (the console edits it with a time picker). */
export const clockTime = () => z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time_format').meta({ kind: 'clock' });
export const longitude = () => z.number({ error: 'validation.longitude' }).min(-180, 'validation.longitude').max(180, 'validation.longitude');
export const latitude = () => z.number({ error: 'validation.latitude' }).min(-90, 'validation.latitude').max(90, 'validation.latitude');
/** A list without repeats (e.g. the same currency cannot be added twice). */
export const distinct = <T extends z.ZodType>(item: T, max: number, message = 'validation.duplicate_item') =>
  z.array(item).max(max, 'validation.too_many').refine((a) => new Set(a.map((v) => JSON.stringify(v))).size === a.length, message);
export const optionalGuid = () => z.uuid('validation.guid_format').nullable().optional();
