import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Feed, type Item } from 'feed';
import sanitize from 'sanitize-html';
import { IdParamsSchema } from '../../../contract/common.js';
import { correctionLine, type CorrectionKind } from '../../../contract/corrections.js';
import { paths } from '../../../contract/paths.js';
import { truncateAtBoundary, withoutXmlForbidden } from '../../../contract/text.js';
import { parseJson } from '../../db/json-helpers.js';
import { notFound } from '../../lib/errors.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import type { ArticleListsRepository } from './article-lists.repository.js';
import type { CategoriesRepository, CategoryIndex } from './categories.repository.js';
import { feedArticleHtml } from './sanitize-html.js';

type FeedRow = Awaited<ReturnType<ArticleListsRepository['feedItems']>>[number];
type Format = 'rss' | 'atom' | 'json';

/** How many of the latest published articles a feed holds. */
const FEED_ITEMS = 50;

const CONTENT_TYPES: Record<Format, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** Text as XML character data, for the sitemap's addresses. */
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Text without the characters XML forbids (rows older than that rule may hold them). */
const clean = (text: string) => withoutXmlForbidden(text);

/** Plain text as HTML text: Atom's titles and summaries are HTML, and a title may say "<3" or "a & b". */
const asHtmlText = (text: string) => sanitize(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'escape' });

/**
 * JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/) from the feed package's JSON Feed 1.0: the
 * package writes `version` 1 and a single `author`, and 1.1 adds `authors` and `language`. The 1.0
 * fields stay (1.1 keeps them valid for older readers); this is the one step the package does not
 * take (docs/decisions/044-libraries-for-limits-feeds-files-addresses-zones.md).
 */
export function jsonFeed11(json1: string): string {
  const feed = JSON.parse(json1) as { version: string; items: { author?: object; authors?: object[] }[] } & Record<string, unknown>;
  feed.version = 'https://jsonfeed.org/version/1.1';
  feed.language = 'en';
  for (const item of feed.items) if (item.author) item.authors = [item.author];
  return JSON.stringify(feed);
}

/**
 * The site's feeds and each channel's, in three formats written by the `feed` package: RSS 2.0
 * (`/rss.xml`), Atom (`/atom.xml`) and JSON Feed 1.1 (`/feed.json`), of the latest 50 published
 * articles, each with its whole text (links and images absolute), author, channel and categories,
 * cover image, corrections and dates. Also the sitemap (articles, channels, authors) and robots.txt.
 */
export const feedsRoutes: FastifyPluginAsync<{ articles: ArticleListsRepository; channels: ChannelsRepository; categories: CategoriesRepository; publicUrl: string }> = async (
  app,
  { articles, channels, categories, publicUrl },
) => {
  const absolute = (path: string) => new URL(path, `${publicUrl}/`).toString();

  function item(row: FeedRow, format: Format, index: CategoryIndex): Item {
    const link = absolute(paths.article(row.id, row.slug));
    const author = { name: clean(row.author_username), link: absolute(paths.author(row.author_username)) };
    // Corrections follow the excerpt in full: a reader of the feed learns of them as a reader of the page does.
    const corrections = parseJson<{ kind: CorrectionKind; text: string; created_at: number | string }[]>(row.corrections, []).map((c) =>
      correctionLine({ kind: c.kind, text: c.text, createdAt: new Date(Number(c.created_at)).toISOString() }),
    );
    // The subtitle where there is one (it says what the article is), else the start of the text.
    const description = clean([row.subtitle ?? truncateAtBoundary(row.text, 300), ...corrections].join('\n\n'));
    const published = new Date(Number(row.created_at));
    const updated = row.updated_at === null ? published : new Date(Number(row.updated_at));
    const channelLink = absolute(paths.channel(row.channel_id));
    // The channel first, as the feed has always named it, then the writer's categories as the site shows them ("Business > Markets").
    const names = parseJson<{ id: number }[]>(row.categories, []).flatMap((c) => index.paths.get(Number(c.id)) ?? []);
    const category = [
      { name: clean(row.channel_name), term: clean(row.channel_name), domain: channelLink, scheme: channelLink },
      ...names.map((name) => ({ name, term: name })),
    ];
    const title = clean(row.title);
    const cover = parseJson<{ url: string; mime: string | null; bytes: number | null } | null>(row.cover, null);
    const base: Item = {
      title: format === 'atom' ? asHtmlText(title) : title,
      link,
      date: updated,
      published,
      description: format === 'atom' ? asHtmlText(description) : description,
      content: feedArticleHtml(row.content, publicUrl),
      category,
      ...(cover ? { image: { url: absolute(cover.url), ...(cover.mime ? { type: cover.mime } : {}), ...(cover.bytes ? { length: cover.bytes } : {}) } } : {}),
    };
    if (format === 'rss') {
      // RSS's own <author> is an email address; the name goes in dc:creator. Its pubDate is the
      // publication, and the last change of the public record rides along as <atom:updated>.
      return { ...base, extensions: [{ name: 'dc:creator', objects: { _cdata: author.name } }, { name: 'atom:updated', objects: { _text: updated.toISOString() } }] };
    }
    return { ...base, id: link, author: [author] };
  }

  async function send(reply: FastifyReply, format: Format, options: { title: string; link: string; description: string; feeds: { rss: string; atom: string; json: string } }, rows: FeedRow[]) {
    const feedLinks = { rss: absolute(options.feeds.rss), atom: absolute(options.feeds.atom), json: absolute(options.feeds.json) };
    const newest = rows.reduce<Date | undefined>((latest, row) => {
      const at = new Date(Number(row.updated_at ?? row.created_at));
      return !latest || at > latest ? at : latest;
    }, undefined);
    const feed = new Feed({
      id: options.link,
      title: clean(options.title),
      description: clean(options.description),
      link: options.link,
      language: 'en',
      generator: 'Broadsheet',
      feedLinks,
      // The feed changes when an article does: its date is the latest one's, not the time of asking.
      updated: newest ?? new Date(),
      favicon: absolute('/favicon.svg'),
    });
    const index = await categories.index();
    for (const row of rows) feed.addItem(item(row, format, index));
    const body = format === 'rss' ? feed.rss2() : format === 'atom' ? feed.atom1() : jsonFeed11(feed.json1());
    return reply.type(CONTENT_TYPES[format]).header('cache-control', 'public, max-age=300').send(body);
  }

  const site = { title: 'Broadsheet', link: absolute('/'), description: 'Latest articles on Broadsheet', feeds: paths.feeds };
  for (const format of ['rss', 'atom', 'json'] as const) {
    app.get(paths.feeds[format], { schema: { hide: true } }, async (_request, reply) => send(reply, format, site, await articles.feedItems(FEED_ITEMS)));

    app.get(paths.channelFeeds(':id')[format], { schema: { hide: true } }, async (request, reply) => {
      const parsed = IdParamsSchema.safeParse(request.params);
      if (!parsed.success) throw notFound('Channel not found');
      const channel = await channels.findById(parsed.data.id, null);
      if (!channel) throw notFound('Channel not found');
      const rows = await articles.feedItems(FEED_ITEMS, channel.id);
      const options = {
        title: `${channel.name} · Broadsheet`,
        link: absolute(paths.channel(channel.id)),
        description: channel.description || channel.name,
        feeds: paths.channelFeeds(channel.id),
      };
      return send(reply, format, options, rows);
    });
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [items, { authors, channels: channelPages }] = await Promise.all([articles.latestPublished(5000), articles.publishedAuthorsAndChannels(5000)]);
    const entry = (path: string, lastEdited: string | number | Date) =>
      `<url><loc>${xml(`${publicUrl}${path}`)}</loc><lastmod>${new Date(lastEdited).toISOString()}</lastmod></url>`;
    const urls = [
      `<url><loc>${xml(publicUrl)}/</loc><changefreq>hourly</changefreq></url>`,
      `<url><loc>${xml(publicUrl)}/channels</loc><changefreq>daily</changefreq></url>`,
      ...items.map((item) => entry(paths.article(item.id, item.slug), item.last_edited)),
      ...channelPages.map((channel) => entry(paths.channel(channel.id), channel.last_edited)),
      ...authors.map((author) => entry(paths.author(author.username), author.last_edited)),
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
