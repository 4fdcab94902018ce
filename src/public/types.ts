import type { z } from 'zod';
import type { capability, storeCard, storeClassification, storeDetail, storeLabel } from '../../schemas/store-answers.ts';

/** What the public pages read: the answers' own declarations (schemas/store-answers.ts), as types only, so these pages load no zod. */
export type StoreLabel = z.infer<typeof storeLabel>;
export type StoreCard = z.infer<typeof storeCard>;
export type StoreDetail = z.infer<typeof storeDetail>;
export type StoreClassification = z.infer<typeof storeClassification>;
export type Capability = z.infer<typeof capability>;

export interface StorePage {
  list: StoreCard[];
  count: number;
  page: number;
  page_size: number;
}

export const SEARCH_PATH = '/open/app/market/search/app-classify/list';
export const CAPACITY_PATH = '/open/capacity/list';
