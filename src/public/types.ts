/** What the public pages read (server/handlers/market.ts, apps.ts `capacities`). */
export interface StoreLabel {
  guid: string;
  name: string;
}

export interface StoreCard {
  guid: string;
  name: string;
  code: string;
  icon: string | null;
  cover_url: string | null;
  summary: string | null;
  provider: string | null;
  /** In cents; 0 is free. */
  price: number;
  cycle: 0 | 1 | 2;
  labels: StoreLabel[];
}

export interface StoreDetail extends StoreCard {
  description: string | null;
  app_description: string | null;
  /** The introduction (or else the app's description) as HTML the server rendered and sanitised from Markdown. */
  description_html: string;
  screenshots: string[];
  classifications: StoreLabel[];
  installed: boolean;
}

/** A classification as the store lists it, with how many listed apps it holds. */
export interface StoreClassification extends StoreLabel {
  app_count: number;
}

export interface StorePage {
  list: StoreCard[];
  count: number;
  page: number;
  page_size: number;
}

export interface Capability {
  code: string;
  name: string;
  description: string | null;
  api_count: number;
  event_count: number;
}

export const SEARCH_PATH = '/open/app/market/search/app-classify/list';
export const CAPACITY_PATH = '/open/capacity/list';
