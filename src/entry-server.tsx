import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { loadUiMessages, tr } from '../i18n/client.ts';
import { LANGUAGES, type Lang } from '../i18n/languages.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { publicPage } from './pages/publicPages.tsx';
import { findRoute } from './routes/guard.ts';
import type { PageKind } from './routes/table.ts';
import { Providers } from './shell/Providers.tsx';
import { ServerRenderContext, STATE_ID, type Answer, type PageHead, type RenderedState, type ServerRender } from './ssr/context.ts';

/** The query parameters that make a different page of a kind; others (a search's words) share the page's canonical address. */
const CANONICAL_QUERY: Partial<Record<PageKind, string[]>> = { docs: ['category', 'docCode'] };

export interface RenderRequest {
  /** The request's path and query, base path included. */
  url: string;
  lang: Lang;
  /** PUBLIC_URL: canonical addresses are built from it, never from the request. */
  publicUrl: string;
  /** A public read, answered as the browser's would be. */
  read(path: string, body: unknown, lang: Lang): Promise<Answer>;
  signal?: AbortSignal;
  /** An error inside the page: React renders that part in the browser instead. */
  onError?(error: unknown): void;
}

export interface RenderedPage {
  lang: string;
  /** `<title>`, meta description and canonical link. */
  head: string;
  /** The critical styles of what was rendered. */
  styles: string;
  /** The app's HTML, for the root element. */
  body: string;
  /** The script element holding what the browser hydrates with. */
  state: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);
/** JSON inside a script element: `<` never closes it. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const text = async (stream: AsyncIterable<Uint8Array | string>) => {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stream) out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
};

/**
 * A public page's first HTML: the same components as in the browser, their reads answered before
 * the HTML is written (React waits for the suspended reads), the critical CSS, the head, and the
 * answers for hydration. Null for an address that is not a public page.
 */
export const render = async (req: RenderRequest): Promise<RenderedPage | null> => {
  const base = import.meta.env.BASE_URL;
  const at = new URL(req.url, 'http://site');
  if (!`${at.pathname}/`.startsWith(base)) return null;
  const pathname = `/${at.pathname.slice(base.length)}`.replace(/^\/\//, '/');
  const route = findRoute(pathname);
  if (!route?.public || !publicPage(route)) return null;
  await loadUiMessages(req.lang);

  const answers: Record<string, Answer> = {};
  const reads = new Map<string, Promise<Answer>>();
  let head: { level: number; value?: PageHead } = { level: -1 };
  const server: ServerRender = {
    read(key, path, body) {
      let p = reads.get(key);
      if (!p) {
        p = req.read(path, body, req.lang).then((a) => (answers[key] = a));
        reads.set(key, p);
      }
      return p;
    },
    head(value, level) {
      if (level >= head.level) head = { level, value };
    },
  };
  const cache = createCache({ key: 'css' });
  // Styles are collected from the cache below, not written inline beside each element.
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <ServerRenderContext.Provider value={server}>
      <StaticRouter location={`${pathname}${at.search}`} basename="/">
        <Providers cache={cache} lang={req.lang}>
          <AppRoutes page={publicPage} />
        </Providers>
      </StaticRouter>
    </ServerRenderContext.Provider>,
    // One piece of HTML: a large boundary is otherwise sent apart and swapped in by an inline script, which the CSP refuses.
    { signal: req.signal, onError: req.onError, progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  // Cut at its deadline, React leaves the unfinished parts pending and adds an inline script the
  // CSP refuses: such a page is sent unrendered and drawn in the browser (its HTML is not even read).
  if (req.signal?.aborted) return null;
  const html = await text(prelude as unknown as AsyncIterable<Uint8Array>);
  const emotion = createEmotionServer(cache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));

  const kept = new URLSearchParams();
  for (const name of CANONICAL_QUERY[route.page!] ?? []) {
    const v = at.searchParams.get(name);
    if (v) kept.set(name, v);
  }
  const canonical = `${req.publicUrl.replace(/\/$/, '')}${pathname}${kept.size ? `?${kept}` : ''}`;
  const title = head.value?.title ?? `${tr(req.lang, route.title)} - ${tr(req.lang, 'app.title')}`;
  const description = head.value?.description;
  const state: RenderedState = { lang: req.lang, url: `${pathname}${at.search}`, answers };
  return {
    lang: LANGUAGES[req.lang],
    head: `<title>${escapeHtml(title)}</title>${description ? `<meta name="description" content="${escapeHtml(description)}" />` : ''}<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    styles,
    body: html,
    state: `<script type="application/json" id="${STATE_ID}">${scriptJson(state)}</script>`,
  };
};
