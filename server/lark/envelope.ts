import { z } from 'zod';
import { LarkError, fieldViolation } from './errors.ts';

/** Lark's success answer: `code: 0`, a `msg`, the call's `data`. */
export const larkOk = (data: unknown) => ({ code: 0, msg: 'success', data: data ?? {} });

/** Lark's page sizes: 20 unless asked, at most 50 (its contact calls' limit). */
export const LARK_PAGE_SIZE = { default: 20, max: 50 };

/**
 * The `page_token` cursor: opaque to the app (base64url of the next page and its size), so that a
 * later page keeps the size the first one was asked with, as Lark's cursors do.
 */
const cursor = z.object({ p: z.number().int().min(2).max(1_000_000), s: z.number().int().min(1).max(LARK_PAGE_SIZE.max) });
export const pageTokenOf = (page: number, size: number) => Buffer.from(JSON.stringify({ p: page, s: size })).toString('base64url');

/** The page a request asks for: its `page_token`'s, else the first of `page_size` rows. */
export const pageOf = (pageToken: string | undefined, pageSize: number) => {
  if (!pageToken) return { page: 1, size: pageSize };
  try {
    const { p, s } = cursor.parse(JSON.parse(Buffer.from(pageToken, 'base64url').toString('utf8')));
    return { page: p, size: s };
  } catch {
    throw new LarkError(99992402, 'field validation failed', 400, { field_violations: [fieldViolation('page_token', 'not a page_token this server answered')] });
  }
};

/** Lark's list answer: the items, whether more follow and the cursor to them. */
export const larkPage = <T>(items: T[], page: number, size: number, total: number) => {
  const has_more = page * size < total;
  return { has_more, ...(has_more ? { page_token: pageTokenOf(page + 1, size) } : {}), items };
};
