import type { FastifyPluginAsync } from 'fastify';
import { IdParamsSchema } from '../../../contract/common.js';
import { correctionLine, type CorrectionKind } from '../../../contract/corrections.js';
import { paths } from '../../../contract/paths.js';
import { truncateAtBoundary, withoutXmlForbidden } from '../../../contract/text.js';
import { parseJson } from '../../db/json-helpers.js';
import { notFound } from '../../lib/errors.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import type { ArticleListsRepository } from './article-lists.repository.js';

/** Text as XML character data: escaped, and without the characters XML forbids (rows older than that rule may hold them). */
const xml = (text: string) =>
  withoutXmlForbidden(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** RSS 2.0 of the latest 50 published articles (site-wide or one channel) and the sitemap. */
export const feedsRoutes: FastifyPluginAsync<{ articles: ArticleListsRepository; channels: ChannelsRepository; publicUrl: string }> = async (
  app,
  { articles, channels, publicUrl },
) => {
  function rss(title: string, link: string, description: string, items: Awaited<ReturnType<ArticleListsRepository['latestPublished']>>) {
    const entries = items
      .map((item) => {
        const url = `${publicUrl}${paths.article(item.id, item.slug)}`;
        // Corrections follow the excerpt in full: a reader of the feed learns of them as a reader of the page does.
        const corrections = parseJson<{ kind: CorrectionKind; text: string; created_at: number | string }[]>(item.corrections, []).map((c) =>
          correctionLine({ kind: c.kind, text: c.text, createdAt: new Date(Number(c.created_at)).toISOString() }),
        );
        const description = [truncateAtBoundary(item.text, 300), ...corrections].join('\n\n');
        const updated = item.updated_at === null ? '' : `<atom:updated>${new Date(Number(item.updated_at)).toISOString()}</atom:updated>`;
        return `<item><title>${xml(item.title)}</title><link>${xml(url)}</link><guid isPermaLink="true">${xml(url)}</guid><pubDate>${new Date(item.created_at).toUTCString()}</pubDate>${updated}<category>${xml(item.channel_name)}</category><description>${xml(description)}</description></item>`;
      })
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(title)}</title><link>${xml(link)}</link><description>${xml(description)}</description><language>en</language><atom:link href="${xml(link.replace(/\/?$/, '/rss.xml'))}" rel="self" type="application/rss+xml"/>${entries}</channel></rss>`;
  }

  app.get('/rss.xml', { schema: { hide: true } }, async (_request, reply) => {
    const items = await articles.latestPublished(50);
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(rss('Broadsheet', publicUrl, 'Latest articles on Broadsheet', items));
  });

  app.get('/channels/:id/rss.xml', { schema: { hide: true } }, async (request, reply) => {
    const parsed = IdParamsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound('Channel not found');
    const channel = await channels.findById(parsed.data.id, null);
    if (!channel) throw notFound('Channel not found');
    const items = await articles.latestPublished(50, channel.id);
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(rss(`${channel.name} · Broadsheet`, `${publicUrl}${paths.channel(channel.id)}`, channel.description || channel.name, items));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const items = await articles.latestPublished(5000);
    const urls = [
      `<url><loc>${xml(publicUrl)}/</loc><changefreq>hourly</changefreq></url>`,
      `<url><loc>${xml(publicUrl)}/channels</loc><changefreq>daily</changefreq></url>`,
      ...items.map(
        (item) => `<url><loc>${xml(`${publicUrl}${paths.article(item.id, item.slug)}`)}</loc><lastmod>${new Date(item.last_edited).toISOString()}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain').send(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );
};
