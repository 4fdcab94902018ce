import { z } from 'zod';
import { codes, enabledStatus, guid, image, name30, sort, text } from './common.ts';
import { IMAGE_RULES } from './image.ts';
import { money } from './order.ts';
import { translations } from './translated.ts';

/** A name in another language than the default: optional, as long as the default language's may be. */
const otherName = () => text(30).optional();

/** An image the store shows: an http(s) address or a public file of ours (`/open/file/...`, a documents' upload; a private one shows to nobody), never a script URL. */
export const imageRef = () => z.string().trim().max(500, 'validation.max_500').regex(/^(https?:\/\/|\/)\S*$/, 'validation.url_format');

/** A label shown on store cards (e.g. "Free trial"), named in each language (schemas/translated.ts). */
export const labelSchema = z.object({
  name: name30(),
  ...translations({ name: otherName() }),
  sort: sort(),
  status: enabledStatus(),
});

/** A store classification (a category the visitor filters by), named in each language. */
export const classifySchema = z.object({
  name: name30(),
  ...translations({ name: otherName() }),
  icon: imageRef().optional(),
  sort: sort(),
  status: enabledStatus(),
});

/** A store app placed in a classification (`classify/app-related`). */
export const classifyAppSchema = z.object({
  classify_guid: guid(),
  app_guid: guid(),
  sort: sort(),
});

/** 0 once, 1 per month, 2 per year. */
export const CYCLE = { once: 0, month: 1, year: 2 } as const;

const summary = () => text(120).optional();
/** Markdown, rendered and sanitised on the server as documents are (server/docs/markdown.ts). */
const description = () => text(5000).meta({ kind: 'markdown' }).optional();
const provider = () => text(64).optional();

/**
 * An app's store listing (`app/introduce`): what the visitor reads before buying it. One per
 * store app; the app's icon and cover, and its name in the default language, stay the app's own.
 * Its texts are translated fields (schemas/translated.ts); so is the app's name, whose other
 * languages' columns (`name_hk`, `name_en`) the listing holds.
 */
export const listingSchema = z.object({
  app_guid: guid(),
  ...translations({ name: otherName() }),
  summary: summary(),
  ...translations({ summary: summary() }),
  description: description(),
  ...translations({ description: description() }),
  screenshots: z.array(image({ ...IMAGE_RULES.picture, public: true })).max(8, 'validation.too_many').default([]),
  provider: provider(),
  ...translations({ provider: provider() }),
  label_guids: z.array(guid()).max(10, 'validation.too_many').default([]),
  /** In cents of the platform's currency, typed in its units; 0 is free. */
  price: money().default(0),
  cycle: codes(0, 1, 2).default(0),
  /** 0 listed (in the store), 1 not listed. */
  status: codes(0, 1).default(1),
  sort: sort(),
});
