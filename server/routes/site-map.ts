import type { FastifyInstance } from 'fastify';
import { DOC_STATUS } from '../../schemas/document.ts';
import type { Services } from '../engine/context.ts';
import { LISTED } from '../services/store-listed.ts';

/** Pages no crawler should index: the consoles, the debug tools and the API. */
const PRIVATE = ['/account', '/business', '/operation', '/developer/console', '/developer/log', '/login', '/adminLogin', '/open/'];

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * `robots.txt` and `sitemap.xml` for the public site (docs/store.md): the home page, the store and
 * every listed app, the capabilities, and every published document and agreement, with when each
 * last changed. Addresses are built from PUBLIC_URL, never from the request.
 */
export const mountSiteMap = (app: FastifyInstance, services: Services) => {
  const origin = services.publicUrl.replace(/\/$/, '');
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', ...PRIVATE.map((p) => `Disallow: ${p}`), `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')),
  );
  app.get('/sitemap.xml', async (_req, reply) => {
    const [apps, docs] = await Promise.all([
      services.db.query<{ guid: string; at: Date }>(
        `select a.guid, greatest(a.updated_at, l.updated_at) as at from app a join app_listing l on l.app_guid = a.guid
          where ${LISTED} order by l.sort, a.name`,
      ),
      services.db.query<{ code: string; category: string; at: Date }>(`select code, category, updated_at as at from document where status = ${DOC_STATUS.published} order by category, sort, title`),
    ]);
    const urls: { loc: string; at?: Date }[] = [
      { loc: '/' },
      { loc: '/appStore' },
      { loc: '/open-capability' },
      { loc: '/developer/doc' },
      ...apps.rows.map((a) => ({ loc: `/appStore/${a.guid}`, at: a.at })),
      ...docs.rows.map((d) =>
        d.category === 'website_agreement'
          ? { loc: `/terms/${encodeURIComponent(d.code)}`, at: d.at }
          : { loc: `/developer/doc?category=${encodeURIComponent(d.category)}&docCode=${encodeURIComponent(d.code)}`, at: d.at },
      ),
    ];
    const body = urls.map((u) => `  <url><loc>${escapeXml(origin + u.loc)}</loc>${u.at ? `<lastmod>${new Date(u.at).toISOString()}</lastmod>` : ''}</url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });
};
