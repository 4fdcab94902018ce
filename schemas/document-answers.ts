import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { datetime } from './common.ts';
import { DOC_CATEGORIES } from './document.ts';

/**
 * What the developer documents' calls answer (server/handlers/docs.ts), declared once: the server
 * documents and checks its answers with them, and the docs pages take their types from them
 * (types only: those pages load no zod).
 */

/** A document as lists show it, in the reader's language (its other languages' columns beside it). */
export const docSummary = z.looseObject({
  guid: z.uuid(), title: z.string(), summary: z.string().nullable(), code: z.string(), category: z.enum(DOC_CATEGORIES), parent_guid: z.uuid().nullable(),
  sort: z.int(), status: z.int(), version: z.int(), updated_at: datetime(),
  text_lang: z.enum(Object.keys(LANGUAGES) as [keyof typeof LANGUAGES]).describe("The language the title and body are in: the reader's, or the default one's until it is translated"),
});

const tocEntry = z.object({ level: z.int(), id: z.string(), text: z.string() });

/** One document with its sanitised HTML, its table of contents and its place (category, parents). */
export const docRead = docSummary.extend({
  body: z.string(), html: z.string(), toc: z.array(tocEntry),
  parents: z.array(z.looseObject({ guid: z.uuid(), title: z.string(), code: z.string() })).describe('From the top down to the parent'),
});

/** The developer-center search's answer: documents ranked with a highlighted snippet, and the store's apps and capabilities holding the words. */
export const docSearch = z.object({
  query: z.string(),
  list: z.array(z.looseObject({ guid: z.uuid(), title: z.string(), summary: z.string().nullable(), code: z.string(), category: z.enum(DOC_CATEGORIES), snippet: z.string() })),
  count: z.int(), count_capped: z.boolean().optional(), page: z.int(), page_size: z.int(),
  apps: z.array(z.object({ guid: z.uuid(), name: z.string(), icon: z.string().nullable(), summary: z.string().nullable() })),
  capabilities: z.array(z.object({ code: z.string(), name: z.string(), description: z.string().nullable() })),
});

/** A node of the documents' tree: a summary with its children, to any depth. */
export type DocNode = z.infer<typeof docSummary> & { children: DocNode[] };
