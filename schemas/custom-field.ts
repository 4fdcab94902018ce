import { z } from 'zod';
import { codes, date, datetime, sort, text } from './common.ts';
import { displayNameIn } from './custom-field-name.ts';

/**
 * Custom fields: columns an operator adds to a definition (staff) at run time. This module is the
 * one source of a custom field's value rule: the server validates writes with it and the console's
 * form runs the very same rule (docs/operator.md, "Custom fields").
 */

export const DATA_TYPES = ['varchar', 'char', 'tinyint', 'int', 'bigint', 'datetime', 'date', 'decimal'] as const;
export type DataType = (typeof DATA_TYPES)[number];

export const FORMATS = ['EMAIL', 'PHONE', 'HK', 'DOMAIN', 'URL', 'DOMESTIC_CALL', 'IDENTITY_CARD', 'POSTAL_CODE', 'IP', 'DISTINCT', 'PHONE_AREA_CODE'] as const;
export type Format = (typeof FORMATS)[number];

export const FORM_TYPES = ['input', 'textarea', 'number', 'date', 'datetime'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** The form types each data type may be entered with. */
export const FORM_TYPES_OF: Record<DataType, readonly FormType[]> = {
  varchar: ['input', 'textarea'],
  char: ['input'],
  tinyint: ['number'],
  int: ['number'],
  bigint: ['number'],
  decimal: ['number'],
  date: ['date'],
  datetime: ['datetime'],
};

/** Length limits: `text_length` is a text's characters, a decimal's total digits. */
export const LENGTH_LIMITS: Partial<Record<DataType, { max: number; default: number }>> = {
  varchar: { max: 2000, default: 255 },
  char: { max: 255, default: 1 },
  decimal: { max: 38, default: 18 },
};
export const TEXT_TYPES: readonly DataType[] = ['varchar', 'char'];
export const INTEGER_RANGES = {
  tinyint: [-128n, 127n],
  int: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
} as const;

/** A database field name: lower-case, starting with a letter, at most 30 characters. Reserved words are refused by a rule. */
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,29}$/;

export const customFieldSchema = z.object({
  field_name: z.string().trim().min(1, 'validation.required').regex(FIELD_NAME, 'validation.field_name_format'),
  /** The field's name in the default language (zh); hk and en fall back to it when empty. */
  display_name: z.string().trim().min(1, 'validation.required').max(30, 'validation.max_30'),
  display_name_hk: z.string().trim().max(30, 'validation.max_30').nullable().optional(),
  display_name_en: z.string().trim().max(30, 'validation.max_30').nullable().optional(),
  data_type: z.enum(DATA_TYPES, { error: 'validation.invalid_option' }),
  /** Offered by the chosen data type (`choicesBy`: the form lists only the types that fit it). */
  form_type: z.enum(FORM_TYPES, { error: 'validation.invalid_option' }).meta({ choicesBy: { field: 'data_type', choices: FORM_TYPES_OF } }),
  /** Characters of a varchar or char, total digits of a decimal; other types take none. */
  text_length: z.number().int().min(1).max(2000).nullable().optional(),
  /** Digits after the point of a decimal (0 to 10). */
  scale: z.number().int().min(0).max(10).nullable().optional(),
  formats: z.array(z.enum(FORMATS, { error: 'validation.invalid_option' })).max(FORMATS.length).default([]),
  required: z.boolean().default(false),
  remark: text(200).optional(),
  sort: sort(),
  /** 0 enabled, 1 disabled: a disabled field is kept but shown and taken nowhere. */
  status: codes(0, 1).default(0),
});
export type CustomField = z.output<typeof customFieldSchema> & { guid?: string };

export { displayNameIn };

const check = (rule: RegExp, message: string) => (v: string) => rule.test(v) || message;
const isIp = (v: string) => z.union([z.ipv4(), z.ipv6()]).safeParse(v).success;

/** Mainland identity card: 17 digits and a check character (GB 11643). */
const identityCard = (v: string) => {
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17];
};

/** Each format's test and sentence; DISTINCT is uniqueness within the BU (an index), not a value test. */
const FORMAT_CHECKS: Record<Exclude<Format, 'DISTINCT'>, (v: string) => true | string> = {
  EMAIL: check(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'validation.email_format'),
  PHONE: check(/^1[3-9]\d{9}$/, 'validation.format_phone'),
  HK: check(/^[2-9]\d{7}$/, 'validation.format_hk'),
  DOMAIN: check(/^(?=.{1,253}$)([A-Za-z0-9](-*[A-Za-z0-9])*\.)+[A-Za-z]{2,63}$/, 'validation.domain_format'),
  URL: (v) => z.url({ protocol: /^https?$/ }).safeParse(v).success || 'validation.url_format',
  DOMESTIC_CALL: check(/^0\d{2,3}-?\d{7,8}$/, 'validation.format_domestic_call'),
  IDENTITY_CARD: (v) => identityCard(v) || 'validation.format_identity_card',
  POSTAL_CODE: check(/^\d{6}$/, 'validation.format_postal_code'),
  IP: (v) => isIp(v) || 'validation.ip_format',
  PHONE_AREA_CODE: check(/^\+?\d{1,4}$/, 'validation.format_phone_area_code'),
};

const withFormats = (s: z.ZodString, formats: readonly Format[]) =>
  formats.reduce<z.ZodType<string>>(
    (rule, f) => (f === 'DISTINCT' ? rule : rule.superRefine((v, ctx) => {
      const ok = FORMAT_CHECKS[f](v);
      if (ok !== true) ctx.addIssue({ code: 'custom', message: ok, input: v });
    })),
    s,
  );

/** Whole numbers as digits; one too long for the type names the type's range, not "not a whole number". */
const integerText = (type: keyof typeof INTEGER_RANGES) =>
  z.string().trim().regex(/^-?\d+$/, 'validation.integer').refine((v) => {
    // zod runs every check; this one only judges what the pattern took.
    if (!/^-?\d+$/.test(v)) return true;
    const n = BigInt(v);
    return n >= INTEGER_RANGES[type][0] && n <= INTEGER_RANGES[type][1];
  }, { message: 'validation.between', params: { min: String(INTEGER_RANGES[type][0]), max: String(INTEGER_RANGES[type][1]) } });

const decimalText = (digits: number, scale: number) =>
  z.string().trim().superRefine((v, ctx) => {
    const m = /^-?(\d+)(?:\.(\d+))?$/.exec(v);
    if (!m || m[1].replace(/^0+(?=\d)/, '').length > digits - scale || (m[2] ?? '').length > scale) {
      ctx.addIssue({ code: 'custom', message: 'validation.decimal_format', params: { before: digits - scale, after: scale }, input: v });
    }
  });

/** The SQL type of a field's column; only built from checked numbers and the fixed type list. */
export const sqlTypeOf = (f: Pick<CustomField, 'data_type' | 'text_length' | 'scale'>): string => {
  const length = f.text_length ?? LENGTH_LIMITS[f.data_type]?.default;
  switch (f.data_type) {
    case 'varchar':
      return `varchar(${Number(length)})`;
    case 'char':
      return `char(${Number(length)})`;
    case 'tinyint':
      return 'smallint';
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'decimal':
      return `numeric(${Number(length)}, ${Number(f.scale ?? 2)})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
  }
};

/**
 * The value rule of one custom field. Big integers and decimals travel as digit strings (no float
 * holds them); dates as `YYYY-MM-DD`; date-times as ISO 8601 with an offset. An optional field takes
 * `null` to clear it.
 */
export const customFieldRule = (f: CustomField, lang = 'zh'): z.ZodType => {
  const length = f.text_length ?? LENGTH_LIMITS[f.data_type]?.default ?? 0;
  let rule: z.ZodType;
  switch (f.data_type) {
    case 'varchar':
      rule = withFormats(z.string().trim().min(f.required ? 1 : 0, 'validation.required').max(length), f.formats).meta(f.form_type === 'textarea' ? { kind: 'textarea' } : {});
      break;
    case 'char':
      rule = withFormats(z.string().trim().length(length), f.formats);
      break;
    case 'tinyint':
    case 'int': {
      const [min, max] = INTEGER_RANGES[f.data_type];
      rule = z.number({ error: 'validation.integer' }).int('validation.integer').min(Number(min)).max(Number(max));
      break;
    }
    case 'bigint':
      rule = integerText('bigint').meta({ sqlType: 'bigint', kind: 'digits' });
      break;
    case 'decimal':
      rule = decimalText(length, f.scale ?? 2).meta({ sqlType: 'numeric', kind: 'digits' });
      break;
    case 'date':
      rule = date();
      break;
    case 'datetime':
      rule = datetime();
      break;
  }
  return (f.required ? rule : rule.nullable().optional()).meta({ title: displayNameIn(f, lang) });
};
