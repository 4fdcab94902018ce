import { useContext, useEffect } from 'react';
import { ServerRenderContext, type PageHead } from '../ssr/context.ts';

/** The heads of the mounted pages; the highest level shows (a page's own over its route's). */
const shown = new Map<object, { level: number; head: PageHead }>();

const metaDescription = (content: string | undefined) => {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (content === undefined) return meta?.remove();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
};

const apply = () => {
  let best: { level: number; head: PageHead } | undefined;
  for (const entry of shown.values()) if (!best || entry.level >= best.level) best = entry;
  if (!best) return;
  document.title = best.head.title;
  metaDescription(best.head.description);
};

/**
 * Sets the page's `<title>` and meta description: in the document in the browser, in the HTML on
 * the server (src/entry-server.tsx). Effects run children first, so levels, not order, decide.
 */
export const usePageHead = (head: PageHead | null, level: number) => {
  const server = useContext(ServerRenderContext);
  if (server && head) server.head(head, level);
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title === undefined) return;
    const id = {};
    shown.set(id, { level, head: { title, description } });
    apply();
    return () => {
      shown.delete(id);
      apply();
    };
  }, [title, description, level]);
};
