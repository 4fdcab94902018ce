import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ORDER_KIND, ORDER_STATE } from '../../schemas/order.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import { seededText } from '../services/seeded-text.ts';
import { orderNumber } from '../rules/order.ts';
import { installStoreApp, openScopes, type Installing } from '../services/installations.ts';
import { findOne } from '../engine/verbs.ts';
// The store as visitors see it; everything else about an app stays out of these answers.
import { LISTED } from '../services/store-listed.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingInput, pagingOf } from '../engine/paging.ts';
import { Where } from '../engine/where.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { named } from '../engine/named.ts';
import { pageAnswer, rowAnswer } from '../engine/call-docs.ts';
import { renderMarkdown } from '../docs/markdown.ts';
import type { Lang } from '../../i18n/languages.ts';
import { labelSchema, listingSchema } from '../../schemas/store.ts';
import { storeCard as card, storeClassification as classification, storeDetail as detail, storeLabel as namedRow, storePurchase as purchase } from '../../schemas/store-answers.ts';
import { readIn, translatedFields, translationColumns } from '../../schemas/translated.ts';


/** The store's texts written in several languages (schemas/translated.ts): a listing's (with the app's name) and a label's or classification's name. */
const LISTING_TEXTS = translatedFields(listingSchema.shape);
const NAMES = translatedFields(labelSchema.shape);
const namesOf = (alias: string) => ['name', ...translationColumns(NAMES)].map((c) => `'${c}', ${alias}.${c}`).join(', ');
/** The other languages' columns of a card's texts; an app's page adds its description's. */
const cardColumns = translationColumns(LISTING_TEXTS.filter((f) => f !== 'description')).map((c) => `l.${c}`);

/** A card: what the store shows of an app, with its enabled labels in their order, in every language (`inReader` picks). */
const CARD = `a.guid, a.name, a.code, a.icon, a.cover_url, l.summary, l.provider, l.price, l.cycle, ${cardColumns.join(', ')},
  coalesce((select json_agg(json_build_object(${namesOf('b')}) order by b.sort, b.name)
              from app_label b where b.status = 0 and b.guid::text in (select jsonb_array_elements_text(l.label_guids))), '[]'::json) as labels`;

type Row = Record<string, unknown>;
/** A named row (a label, a classification) in the reader's language. */
const nameIn = (lang: Lang) => (r: Row) => readIn(r, lang, NAMES).row;
/** A card or an app's page in the reader's language, each text falling back to the default language's. */
const inReader = (row: Row, lang: Lang) => {
  const out: Row = readIn(row, lang, LISTING_TEXTS).row;
  for (const list of ['labels', 'classifications']) if (Array.isArray(out[list])) out[list] = (out[list] as Row[]).map(nameIn(lang));
  return out;
};

const searchInput = z.object({
  name: z.string().trim().max(64, 'validation.max_64').optional(),
  classify_guid: z.uuid('validation.guid_format').optional().or(z.literal('')),
  /** The home page's featured apps, by code. */
  codes: z.array(z.string().max(32)).max(20, 'validation.too_many').optional(),
});

/** Listed apps by name (or summary, code or provider) and classification, a page at a time. */
export const marketSearch = named({ input: searchInput.extend(pagingInput.shape), output: pageAnswer(card) }, async (ctx, { name, classify_guid, codes }) => {
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, 'listing');
  const where = new Where().add(() => `(${LISTED})`);
  // A reader finds an app by its words in any language.
  if (name) where.addKeyword(['a.name', 'a.code', 'l.summary', 'l.provider', ...cardColumns], name);
  if (classify_guid) where.add((p) => `exists (select 1 from app_classify_app c where c.app_guid = a.guid and c.classify_guid = ${p(classify_guid)})`);
  if (codes?.length) where.add((p) => `a.code = any(${p(codes)}::text[])`);
  const from = 'from app a join app_listing l on l.app_guid = a.guid';
  const found = await pageQuery(ctx.services.db, { select: CARD, from: from + where.toSql(), countFrom: from + where.toCountSql(), order: 'order by l.sort, a.name, a.guid', params: where.params }, { page, page_size });
  return { ...found, list: found.list.map((r) => inReader(r, ctx.lang)) };
});

const guidInput = z.object({ guid: z.uuid('validation.guid_format') });

const listed = async (ctx: CallContext, select: string) => {
  const { guid } = parseOrWarn(ctx.lang, guidInput, ctx.input, 'listing');
  const { rows } = await ctx.services.db.query(`select ${select} from app a join app_listing l on l.app_guid = a.guid where ${LISTED} and a.guid = $1`, [guid]);
  if (!rows[0]) throw new Warning('server.record_not_found');
  return rows[0];
};

/** One listed app's card. */
export const marketCard = named({ input: guidInput, output: card }, async (ctx) => inReader(await listed(ctx, CARD), ctx.lang));

/**
 * One listed app's page: its card, description, screenshots and classifications, and — for a
 * signed-in tenant with a BU — whether that BU has it already.
 */
export const marketDetail = named({ input: guidInput, output: detail }, async (ctx) => {
  const row = inReader(await listed(ctx, `${CARD}, a.description as app_description, l.description, ${translationColumns(['description']).map((c) => `l.${c}`).join(', ')}, l.screenshots,
    coalesce((select json_agg(json_build_object('guid', c.guid, ${namesOf('c')}) order by c.sort, c.name)
                from app_classify c join app_classify_app r on r.classify_guid = c.guid where r.app_guid = a.guid and c.status = 0), '[]'::json) as classifications`), ctx.lang);
  const bu = ctx.caller?.buGuid;
  const installed = bu ? (await ctx.services.db.query('select 1 from installed_app where bu_guid = $1 and app_guid = $2', [bu, row.guid])).rows.length > 0 : false;
  // The introduction is Markdown, rendered and sanitised as documents are; the text stays for search engines' description.
  const about = (row.description as string | null) || (row.app_description as string | null) || '';
  return { ...row, description_html: renderMarkdown(about).html, installed, ...(await consentOf(ctx, row.guid as string)) };
});

/**
 * What a buyer consents to (docs/store.md, "Store apps acting for their buyers"): the scopes open
 * for the app, which installing grants it in the buyer's BU, and the event types of those scopes
 * it subscribes to, named in the reader's language.
 */
const consentOf = async (ctx: CallContext, appGuid: string) => {
  const scopes = await ctx.services.db.query<{ code: string; name: string; description: string | null }>(
    'select g.code, g.name, g.description from app_scope s join api_group g on g.code = s.group_code where s.app_guid = $1 and s.status = $2 and g.status = 0 order by g.code',
    [appGuid, SCOPE.open],
  );
  const events = await ctx.services.db.query<{ code: string; name: string }>(
    `select i.code, i.name from event_rel r join event_info i on i.code = r.event_code and i.status = 0
      where r.app_guid = $1 and (i.group_code is null or exists (select 1 from app_scope s where s.app_guid = $1 and s.group_code = i.group_code and s.status = $2)) order by i.code`,
    [appGuid, SCOPE.open],
  );
  return {
    scopes: scopes.rows.map((g) => ({ code: g.code, name: seededText(ctx.lang, g.name, `resources.api-group.seeded.${g.code}.name`), description: seededText(ctx.lang, g.description, `resources.api-group.seeded.${g.code}.description`) })),
    events: events.rows.map((e) => ({ code: e.code, name: seededText(ctx.lang, e.name, `resources.event-info.seeded.${eventMessageKey(e.code)}.name`) })),
  };
};

/**
 * The store's enabled classifications in their order, each with how many listed apps it holds
 * (what a visitor finds under it).
 */
export const marketClassifications = named({ output: z.array(classification) }, async (ctx) => {
  const { rows } = await ctx.services.db.query(
    `select c.guid, c.name, ${translationColumns(NAMES).map((col) => `c.${col}`).join(', ')}, c.icon, c.sort,
       (select count(*)::int from app_classify_app r join app a on a.guid = r.app_guid join app_listing l on l.app_guid = a.guid
         where r.classify_guid = c.guid and ${LISTED}) as app_count
       from app_classify c where c.status = 0 order by c.sort, c.name, c.guid`,
  );
  return rows.map(nameIn(ctx.lang));
});

/** One listed app's enabled labels. */
export const marketLabels = named({ input: guidInput, output: z.array(namedRow) }, async (ctx) => inReader(await listed(ctx, CARD), ctx.lang).labels);

/**
 * Buys a listed app for the caller's BU: a general order to be paid and the app installed, in one
 * transaction. Buying it again answers the same order and installation (the installation is unique
 * per BU and app, so even two purchases at once make one).
 */
const purchaseInput = guidInput.extend({
  scopes: z.array(z.string().max(64)).max(100, 'validation.too_many').optional()
    .describe('The scope codes the buyer consents to, as the app page listed them; a list that no longer matches the app is refused'),
});
export const marketPurchase = named({ input: purchaseInput, output: purchase }, async (ctx) => {
  const app = await listed(ctx, 'a.guid, a.name, a.icon, a.bu_guid, l.price, l.cycle');
  const bu = ctx.caller!.buGuid!;
  // A provider's BU has its own app already, as its developer.
  if (app.bu_guid === bu) throw new Warning('server.store_own_app');
  const consented = parseOrWarn(ctx.lang, purchaseInput, ctx.input, 'listing').scopes;
  if (consented) {
    // The page the buyer read may be older than the app's scopes: consent covers what was shown, exactly.
    const open = (await consentOf(ctx, app.guid as string)).scopes.map((g) => g.code);
    if ([...new Set(consented)].sort().join() !== open.join()) throw new Warning('server.store_scopes_changed');
  }
  return ctx.services.db.transaction(async (tx) => {
    const orderGuid = randomUUID();
    const installed = await installStoreApp(tx, { bu, by: ctx.caller!.userGuid, app: app as Installing['app'], orderGuid, consented });
    if (installed) {
      await tx.query(
        // Store prices are in the platform's currency; a free app's order is paid as it is made.
        `insert into orders (guid, bu_guid, created_by, number, app_guid, app_name, kind, amount, currency, paid_amount, cycle, pay_type, state)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'CNY', 0, $9, 0, $10)`,
        [orderGuid, bu, ctx.caller!.userGuid, orderNumber(), app.guid, app.name, ORDER_KIND.general, app.price, app.cycle, app.price === 0 ? ORDER_STATE.paid : ORDER_STATE.toPay],
      );
    }
    const { rows } = await tx.query(
      // An app an operator installed has no order (docs/operator.md): the order's fields are null.
      `select i.guid as installed_guid, i.created_at as installed_at, o.guid, o.number, o.state, o.amount, o.cycle, o.app_name, o.created_at
         from installed_app i left join orders o on o.guid = i.order_guid where i.bu_guid = $1 and i.app_guid = $2`,
      [bu, app.guid],
    );
    return { ...rows[0], already: !installed };
  });
});

/**
 * `installed-app/consent`: the buyer grants what its installed app asks for beyond its grant (a
 * later version's scopes, or all of an operator's installation's), as the enterprise apps page
 * showed them; a list that no longer matches what waits is refused, and nothing changes.
 */
const consentInput = z.object({
  guid: z.uuid('validation.guid_format'),
  scopes: z.array(z.string().max(64)).max(100, 'validation.too_many').describe('The scope codes consented to, as the page listed them'),
});
export const installedConsent = named({ input: consentInput, output: (mount, def) => rowAnswer(def, undefined, mount) }, async (ctx, { guid, scopes }) => {
  const row = await ctx.services.db.transaction(async (tx) => {
    const installed = await findOne(ctx, guid, tx);
    const granted = (installed.scopes as string[] | null) ?? [];
    const waiting = (await openScopes(tx, installed.app_guid as string)).filter((c) => !granted.includes(c));
    if (!waiting.length || [...new Set(scopes)].sort().join() !== waiting.join()) throw new Warning('server.store_scopes_changed');
    await tx.query(
      `update installed_app set scopes = $2::jsonb, pending_scopes = '[]'::jsonb, needs_consent = false, updated_at = now() where guid = $1`,
      [guid, JSON.stringify([...granted, ...waiting].sort())],
    );
    return findOne(ctx, guid, tx);
  });
  // Its tenant tokens act within the new grant from their next call.
  ctx.services.appTokens.forget();
  return row;
});
