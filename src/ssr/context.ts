import { createContext } from 'react';
import type { Lang } from '../../i18n/languages.ts';

/** What a public read answered: its data, or the message the page shows in place. */
export interface Answer {
  data?: unknown;
  error?: string;
}

/** A page's `<title>` and meta description. */
export interface PageHead {
  title: string;
  description?: string;
}

/** The route's own head; a page that knows more (an app's name, a document's title) outranks it. */
export const HEAD_LEVEL = { route: 0, page: 1 } as const;

/**
 * What the server rendered a page from, handed to the browser in the page (`STATE_ID`): the
 * browser hydrates only when it would render the same (src/main.tsx).
 */
export interface RenderedState {
  lang: Lang;
  /** Path and query below the base path. */
  url: string;
  answers: Record<string, Answer>;
}
export const STATE_ID = 'ssr-state';

/** One key per read: the language, the call and its body. */
export const readKey = (lang: Lang, path: string, body: unknown) => `${lang} ${path} ${JSON.stringify(body)}`;

/**
 * Present only while the server renders a page (src/entry-server.tsx): reads and page messages
 * suspend on it instead of loading in effects, which never run there, and heads are collected.
 */
export interface ServerRender {
  /** The same promise for the same key, as React's `use` needs. */
  read(key: string, path: string, body: unknown): Promise<Answer>;
  head(head: PageHead, level: number): void;
}
export const ServerRenderContext = createContext<ServerRender | null>(null);
