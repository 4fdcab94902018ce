import { z } from 'zod';
import { codes, sort } from './common.ts';

/**
 * A language the platform speaks (`/open/common-i18n-setting/*`): the three of spec §9, seeded at
 * start (server/seed/languages.ts); operators switch them on and off, nobody adds one (a language
 * needs its dictionaries in i18n/).
 */
export const I18N_CODES = ['zh-CN', 'zh-HK', 'en-US'] as const;

export const i18nSettingSchema = z.object({
  /** The Accept-Language value the client sends for it. */
  code: z.enum(I18N_CODES, { error: 'validation.invalid_option' }),
  /** The stored language key (i18n/languages.ts). */
  lang: z.enum(['zh', 'hk', 'en'], { error: 'validation.invalid_option' }),
  /** The language's name in itself (简体中文, 繁體中文, English). */
  name: z.string().trim().min(1, 'validation.required').max(30, 'validation.max_30'),
  /** The language of a reader who names none. */
  is_default: z.boolean().default(false),
  sort: sort(),
  /** 0 enabled (offered in the language switch), 1 disabled. */
  status: codes(0, 1).default(0),
});
