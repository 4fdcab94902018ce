import { z } from 'zod';
import { codes, guid, sort, text } from './common.ts';
import { translations } from './translated.ts';

/** The spec's document categories (§3), in the docs tree's order. */
export const DOC_CATEGORIES = [
  'developer_guide', 'server', 'open_ability', 'general_ability', 'tools', 'best_practices', 'faq', 'solution', 'help',
  'business_engine', 'business_data', 'public_data', 'app_introduction', 'website_agreement',
] as const;

/** 0 published (anyone reads it), 1 draft (operators only). */
export const DOC_STATUS = { published: 0, draft: 1 } as const;

/** A document's code, in links (`/developer/doc?docCode=`) and in `/terms/{code}`. */
export const docCode = () =>
  z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'validation.perm_code_format');

const title = () => z.string().trim().max(64, 'validation.max_64');
/** Markdown, up to 200,000 characters; the console's editor uploads images and files into it (`kind: 'markdown'`). */
const body = () => z.string().max(200_000, 'validation.max_200000').default('').meta({ kind: 'markdown' });

/**
 * A developer document: Markdown rendered and sanitised on the server (server/docs/markdown.ts).
 * It is written in the default language (zh, required) and may be written in the others too: its
 * title, summary and body are translated fields (schemas/translated.ts). A reader whose language has
 * no text gets the default language's, and the page says so (docs/docs.md, "Languages").
 */
export const documentSchema = z.object({
  title: title().min(1, 'validation.required'),
  ...translations({ title: title().optional() }),
  code: docCode(),
  category: z.enum(DOC_CATEGORIES, { error: 'validation.invalid_option' }),
  /** The document it sits under in its category's tree. */
  parent_guid: guid().nullable().default(null),
  summary: text(200).optional(),
  ...translations({ summary: text(200).optional() }),
  body: body(),
  ...translations({ body: body() }),
  sort: sort(),
  status: codes(0, 1).default(1),
});

/** Kept by the server: the number of the current version (each save adds one). */
export const documentInternal = z.object({ version: z.number().int().default(1) });
