import { z } from 'zod';
import { codes, datetime } from './common.ts';

/**
 * What the store's public calls answer (server/handlers/market.ts, apps.ts `capacities`), declared
 * once: the server documents and checks its answers with them, and the public pages take their
 * types from them (`src/public/types.ts`, types only: those pages load no zod).
 */
const text = () => z.string().nullable();

/** A label or classification by name, in the reader's language. */
export const storeLabel = z.object({ guid: z.uuid(), name: z.string() });

/** A card: what the store shows of a listed app. */
export const storeCard = z.object({
  guid: z.uuid(), name: z.string(), code: z.string(), icon: text(), cover_url: text(), summary: text(), provider: text(),
  price: z.int().describe('In cents; 0 is free'), cycle: codes(0, 1, 2).describe('0 one-off, 1 monthly, 2 yearly'), labels: z.array(storeLabel),
});

/** A listed app's page. */
export const storeDetail = storeCard.extend({
  app_description: text(), description: text(), screenshots: z.array(z.string()).nullable(), classifications: z.array(storeLabel),
  description_html: z.string().describe('The introduction (else the app\'s description), Markdown rendered and sanitised'), installed: z.boolean().describe("Whether the caller's BU has it"),
  scopes: z.array(z.object({ code: z.string(), name: z.string(), description: z.string().nullable() })).describe("What installing it grants it in the buyer's business unit, in the reader's language"),
  events: z.array(z.object({ code: z.string(), name: z.string() })).describe("The buyer's events it will receive"),
});

/** A classification as the store lists it, with how many listed apps it holds. */
export const storeClassification = z.object({ guid: z.uuid(), name: z.string(), icon: text(), sort: z.int().nullable(), app_count: z.int().describe('Listed apps under it') });

/** What buying an app answers: its installation, and its order (none for an app an operator installed). */
export const storePurchase = z.object({
  installed_guid: z.uuid(), installed_at: datetime(), guid: z.uuid().nullable(), number: text(), state: z.int().nullable(), amount: z.int().nullable(),
  cycle: z.int().nullable(), app_name: text(), created_at: datetime().nullable(), already: z.boolean().describe('Bought before: the same order and installation'),
});

/** An open capability (a scope) as the public pages show it. */
export const capability = z.object({ code: z.string(), name: z.string(), description: z.string().nullable(), event_count: z.int(), api_count: z.int() });
