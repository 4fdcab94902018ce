import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { langFromHeader } from '../../i18n/index.ts';
import { handoff } from '../boot-handoff.ts';
import { runWithCodeCache } from '../code-cache.ts';
import { underStartFlags } from '../start-tiering.ts';

/** The renderer's side of src/entry-server.tsx (the built copy in dist-ssr/ is plain JavaScript). */
interface Answer {
  data?: unknown;
  error?: string;
}
interface RenderedPage {
  lang: string;
  head: string;
  styles: string;
  body: string;
  state: string;
}
interface Renderer {
  render(req: { url: string; lang: Lang; publicUrl: string; read(path: string, body: unknown, lang: Lang): Promise<Answer>; signal?: AbortSignal; onError?(error: unknown): void }): Promise<RenderedPage | null>;
}

/** The renderer as vite.config.ts builds it: one CommonJS script, so that it can run from a code cache. */
export const RENDERER_SCRIPT = 'entry-server.cjs';

/**
 * Runs the renderer's script. When the compiled server's entry keeps code caches (server/boot.ts),
 * through one of its own in `ssrDir`, named by the script's hash and written with the server's:
 * the renderer was about a seventh of a start (docs/operations.md, "Start"). It is compiled during
 * the start, so its cache is written under the start's flags (server/start-tiering.ts).
 */
export const runRenderer = (ssrDir: string): Renderer => {
  const saveWith = handoff().saveWith;
  const run = runWithCodeCache(join(ssrDir, RENDERER_SCRIPT), {
    cacheFile: saveWith && ((source) => join(ssrDir, `entry-server-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.code-cache`)),
    what: 'the page renderer',
  });
  saveWith?.(() => underStartFlags(() => run.save()));
  return run.exports as Renderer;
};

/** A page whose reads have not all answered by then is sent unrendered; the browser renders it. */
const RENDER_TIMEOUT_MS = 5_000;
/** Rendered pages kept, by language and address, until any signed-in call or this age. */
const KEEP_MS = 60_000;
const KEEP_PAGES = 500;

/**
 * The language a page renders in, as the browser will show it (src/main.tsx): a mailed link's
 * `?lang=`, else the `lang` cookie (the reader's choice, dataProvider/session.ts `LANGUAGE_COOKIE`),
 * else the best of the reader's Accept-Language.
 */
export const languageOf = (req: { url: string; headers: { cookie?: string; 'accept-language'?: string } }): Lang => {
  const linked = new URLSearchParams(req.url.split('?')[1] ?? '').get('lang');
  if (isLang(linked)) return linked;
  const chosen = /(?:^|;\s*)lang=([a-z]+)/.exec(req.headers.cookie ?? '')?.[1];
  return isLang(chosen) ? chosen : langFromHeader(req.headers['accept-language']);
};

/**
 * The answer to a page route: a public page rendered on the server (its content, title,
 * description, canonical address and critical CSS in the first HTML, then hydrated), or the app's
 * index.html as it is when there is no renderer (not built), the address is not a public page, or
 * rendering failed. Reads are the same calls the browser makes, without a token, through
 * `app.inject`: the server answers them exactly as it would answer the browser.
 */
export const pageRenderer = (app: FastifyInstance, opts: { staticDir: string; ssrDir: string; publicUrl: string; log: FastifyBaseLogger }) => {
  const entry = join(opts.ssrDir, RENDERER_SCRIPT);
  const indexFile = join(opts.staticDir, 'index.html');
  let renderer: Promise<{ render: Renderer['render']; template: string } | null> | undefined;
  const load = () =>
    (renderer ??= new Promise((done) => {
      if (!existsSync(entry) || !existsSync(indexFile)) return done(null);
      try {
        done({ render: runRenderer(opts.ssrDir).render, template: readFileSync(indexFile, 'utf8') });
      } catch (err) {
        opts.log.error({ err }, 'the page renderer (dist-ssr/) failed to load: pages are rendered in the browser');
        done(null);
      }
    }));
  // Loaded while the start waits for the database rather than on the first page's request, and
  // the home page rendered once with every read refused and the result dropped: the first
  // visitor's page then runs code already compiled (about 115 → 65 ms after a start; README, "Benchmarks").
  void load()
    .then((l) => l?.render({ url: '/', lang: DEFAULT_LANG, publicUrl: opts.publicUrl, read: async () => ({ error: 'warm-up' }) }))
    .catch(() => undefined);

  const read = async (path: string, body: unknown, lang: Lang): Promise<Answer> => {
    if (!path.startsWith('/open/')) return { error: 'HTTP 400' };
    const res = await app.inject({ method: 'POST', url: path, payload: JSON.stringify(body ?? {}), headers: { 'content-type': 'application/json', 'accept-language': LANGUAGES[lang] } });
    let envelope: { code?: number; data?: unknown; message?: string } | null = null;
    try {
      envelope = res.json();
    } catch {
      envelope = null;
    }
    if (envelope?.code === 200) return { data: envelope.data };
    return { error: envelope?.code === 201 ? (envelope.message ?? '') : `HTTP ${res.statusCode}` };
  };

  // A page renders in tens of milliseconds, so rendered pages are kept; any call by a signed-in
  // caller (an operator saving a document, a tenant buying an app) may change what they show, and
  // drops them all. Public reads are anonymous and keep them.
  const kept = new Map<string, { at: number; html: string }>();
  let generation = 0;
  // A callback hook: every request passes it, and an async hook costs a promise and a microtask each.
  app.addHook('onResponse', (req, _reply, done) => {
    if (req.method !== 'GET' && req.callerKind !== 'anonymous') {
      kept.clear();
      generation++;
    }
    done();
  });

  return async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language');
    const lang = languageOf(req);
    const key = `${lang} ${req.url}`;
    const hit = kept.get(key);
    if (hit && Date.now() - hit.at < KEEP_MS) return reply.type('text/html; charset=utf-8').send(hit.html);
    const loaded = await load();
    const renderedIn = generation;
    let page: RenderedPage | null = null;
    if (loaded) {
      try {
        page = await loaded.render({ url: req.url, lang, publicUrl: opts.publicUrl, read, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS), onError: (err) => req.log.warn({ err, url: req.url }, 'a part of a page failed to render on the server') });
      } catch (err) {
        req.log.warn({ err, url: req.url }, 'rendering a page on the server failed: sent for the browser to render');
      }
    }
    if (!loaded || !page) return reply.sendFile('index.html', { cacheControl: false });
    // Replacements are functions: a `$` in a page is text, not a replacement pattern.
    const html = loaded.template
      .replace(/<html lang="[^"]*">/, () => `<html lang="${page.lang}">`)
      .replace(/<title>[^<]*<\/title>/, () => `${page.head}${page.styles}`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${page.state}`);
    // Not kept when a change landed while it rendered: it may show the state from before.
    if (renderedIn === generation) {
      kept.delete(key);
      kept.set(key, { at: Date.now(), html });
      if (kept.size > KEEP_PAGES) kept.delete(kept.keys().next().value!);
    }
    // The language comes from the cookie, else Accept-Language (hence the `Vary`).
    return reply.type('text/html; charset=utf-8').send(html);
  };
};
