import { z } from 'zod';
import type { Lang } from '../../i18n/index.ts';
import type { Db, Queryable } from '../db/driver.ts';
import { parseOrWarn } from '../http/validation.ts';
import { cappedCount, pageRows, slicePlan, slicedPage, type Sliceable } from './table-slices.ts';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Totals are counted up to this many rows; past it the answer says `count_capped`. */
export const COUNT_CAP = 10_000;

/**
 * The one rule for `page` and `page_size`: the OpenAPI document shows it and every paged call
 * parses it, so an out-of-range value gets the same refusal everywhere.
 */
export const pagingInput = z.object({
  page: z.number({ error: 'validation.page_number' }).int('validation.page_number').min(1, 'validation.page_number').max(1_000_000, 'validation.page_number').optional(),
  page_size: z.number({ error: 'validation.page_size' }).int('validation.page_size').min(1, 'validation.page_size').max(PAGE_SIZE_MAX, 'validation.page_size').optional(),
});

/** A query string carries numbers as digits; a JSON body as numbers. */
const numeric = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v);

/** The input with `page` and `page_size` as numbers where a query string gave them as digits. */
export const pagingValues = (input: Record<string, unknown>) =>
  'page' in input || 'page_size' in input ? { ...input, page: numeric(input.page), page_size: numeric(input.page_size) } : input;

export const pagingOf = (lang: Lang, input: Record<string, unknown>, resource: string) => {
  const { page = 1, page_size = PAGE_SIZE_DEFAULT } = parseOrWarn(lang, pagingInput, { page: numeric(input.page), page_size: numeric(input.page_size) }, resource);
  return { page, page_size };
};

/**
 * One page of rows and the capped total: `from` is the FROM … WHERE part (parameters `$1…`),
 * `select` the columns, `order` the ORDER BY part; `countFrom`, the same rows as a count reads
 * them (`Where.toCountSql`); `slices`, the same by slices of the table, which the embedded database
 * reads a large list by (server/engine/table-slices.ts). Every paged call answers through here.
 */
export const pageQuery = async (
  db: Queryable & Partial<Pick<Db, 'kind' | 'holding'>>,
  q: { select: string; from: string; countFrom?: string; slices?: Sliceable; order: string; params: unknown[] },
  paging: { page: number; page_size: number },
) => {
  const countFrom = q.countFrom ?? q.from;
  const offset = (paging.page - 1) * paging.page_size;
  const answer = (list: Record<string, unknown>[], total: number) => ({ list, count: Math.min(total, COUNT_CAP), count_capped: total > COUNT_CAP, ...paging });
  const pages = await slicePlan(db, countFrom, q.params, COUNT_CAP, q.slices);
  if (pages !== null && q.slices) {
    const { list, total } = await slicedPage<Record<string, unknown>>(db, q, { pages, slices: q.slices }, COUNT_CAP, offset, paging.page_size);
    return answer(list, total);
  }
  const [list, total] = await Promise.all([pageRows<Record<string, unknown>>(db, q, offset, paging.page_size), cappedCount(db, countFrom, q.params, COUNT_CAP)]);
  return answer(list, total);
};

/**
 * A keyset page's answer: the rows (each with its exact time `at` and `id`, newest first), the
 * cursor after the last when the page is full, and the total capped at COUNT_CAP when it was counted.
 */
export const keysetAnswer = <R extends { id: string; at: string }>(list: R[], total: number | null, pageSize: number) => {
  const last = list.length === pageSize ? list.at(-1) : undefined;
  return {
    list: list.map(({ at: _, ...row }) => row),
    page_size: pageSize,
    next: last ? `${last.at}|${last.id}` : null,
    ...(total === null ? {} : { count: Math.min(total, COUNT_CAP), count_capped: total > COUNT_CAP }),
  };
};
