import { z } from 'zod';
import { rowAnswer } from '../engine/call-docs.ts';
import { named } from '../engine/named.ts';
import { findOne } from '../engine/verbs.ts';
import { scopeCodes } from '../services/store-publish.ts';
import { openScopes } from '../services/installations.ts';

const one = z.object({ guid: z.uuid('validation.guid_format') });

/** What the reviewer (and the provider) reads beside a version: the store's live listing of the app and the scopes it has open now. */
const compared = z.object({
  scopes: z.array(z.string()).describe("The version's scopes, by code"),
  scopes_added: z.array(z.string()).describe('Scopes the version asks for that buyers have not been asked for'),
  scopes_removed: z.array(z.string()).describe('Scopes open now that the version no longer asks for'),
  live_summary: z.string().nullable().describe("The store's summary of the app now"),
  live_price: z.int().nullable().describe("The store's price now, in cents"),
  live_listed: z.boolean().describe('Whether the app is in the store now'),
});

/** `get` of a version, side by side with what is live (docs/store.md, "Operators review"). */
export const versionCompare = named({ input: one, output: (mount, def) => rowAnswer(def, compared, mount) }, async (ctx, { guid }) => {
  const row = await findOne(ctx, guid);
  const db = ctx.services.db;
  const scopes = await scopeCodes(db, (row.scope_guids as string[]) ?? []);
  const open = await openScopes(db, row.app_guid as string);
  const live = (await db.query<{ summary: string | null; price: number; status: number }>('select summary, price, status from app_listing where app_guid = $1', [row.app_guid])).rows[0];
  return {
    ...row,
    scopes,
    scopes_added: scopes.filter((c) => !open.includes(c)),
    scopes_removed: open.filter((c) => !scopes.includes(c)),
    live_summary: live?.summary ?? null,
    live_price: live?.price ?? null,
    live_listed: live?.status === 0,
  };
});
