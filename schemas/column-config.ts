import { z } from 'zod';

const titleText = () => z.string().trim().max(30, 'validation.max_30').optional();

/** One list column as product staff arrange it (docs/views.md). */
export const columnSetting = z.object({
  field: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  visible: z.boolean().default(true),
  /** The column's title in each language, in place of the field's translated label; a language left empty keeps the label. */
  title: z.object({ zh: titleText(), hk: titleText(), en: titleText() }).optional(),
  width: z.number().int().min(40).max(1000).optional(),
  /** Kept at the left edge while the list scrolls sideways, or placed last beside the row actions. */
  pin: z.enum(['left', 'right']).optional(),
  /** Turns sorting off for a column the definition lets sort (it cannot turn it on elsewhere). */
  sortable: z.boolean().optional(),
  /** Turns the column's filter off where the definition offers one. */
  filterable: z.boolean().optional(),
});

const resourceName = () => z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64').regex(/^[a-z][a-z0-9-]*$/, 'validation.perm_code_format');

/** Who a column set or a published view is for: a role's holders (an operator role or a BU's), or everyone when empty. */
const audience = () => z.uuid('validation.guid_format').meta({ kind: 'audience' }).nullable().optional();

/** The list columns of one resource, for everyone or for the holders of one role; defaults come from `resources/`. */
export const columnConfigSchema = z.object({
  resource: resourceName().meta({ kind: 'resource' }),
  role_guid: audience(),
  columns: z.array(columnSetting).max(100).meta({ kind: 'columns' }),
});

/** Columns one person hides for themself. */
export const columnPreferenceSchema = z.object({
  resource: resourceName(),
  hidden: z.array(z.string().max(64)).max(100).default([]),
});

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A named way to look at a list: which columns, filtered how, sorted how, how many rows a page. */
export const savedViewSchema = z.object({
  resource: resourceName().meta({ kind: 'resource' }),
  name: z.string().trim().min(1, 'validation.required').max(30, 'validation.max_30'),
  /** The visible columns in order; empty keeps the list's own. */
  columns: z.array(z.string().max(64)).max(100).meta({ kind: 'view-columns' }).default([]),
  filters: z.record(z.string().max(64), z.unknown()).meta({ kind: 'view-filters' }).default({}),
  sort: z.object({ field: z.string().max(64), order: z.enum(['ASC', 'DESC']) }).meta({ kind: 'view-sort' }).nullable().optional(),
  per_page: z.literal(PAGE_SIZES).default(20),
});

/** A view product staff publish: to everyone, or to the holders of one role. */
export const publishedViewSchema = savedViewSchema.extend({ role_guid: audience() });
