import type { FastifyRequest } from 'fastify';
import { articleIdFromSegment, paths } from '../../../contract/paths.js';
import { truncateAtBoundary } from '../../../contract/text.js';
import { HttpError } from '../../http/errors.js';
import { escapeHtml } from '../../http/first-paint.js';
import { jsonForScript, type PageHeadBuilder } from '../../http/web-app.js';
import { articleFirstPaint, mainImagePreload } from './article-first-paint.js';
import type { ArticlesService } from './articles.service.js';

const ARTICLE_PATH = /^\/articles\/([^/?#]+)\/?$/;

/**
 * Head markup for an article page, so a shared link shows a preview anywhere (spec 1 section 2):
 * title, description (text cut to 160 at a sentence or word boundary), Open Graph and Twitter tags,
 * canonical URL and JSON-LD. The article itself rides along as bootstrap data, so the first render
 * needs no request, and its first paint (title, meta, images, body) is written into the page, so it
 * shows before any script has run.
 */
export function articlePageHead(articles: ArticlesService, publicUrl: string): PageHeadBuilder {
  return async (request: FastifyRequest) => {
    const match = ARTICLE_PATH.exec(request.url.split('?')[0]!);
    if (!match || match[1] === 'new') return null;
    const id = articleIdFromSegment(decodeURIComponent(match[1]!));
    if (id === null) return null;
    let article;
    try {
      article = await articles.get(id, request.user);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        return { head: '<title>Article not found · Broadsheet</title><meta name="robots" content="noindex">', status: 404 };
      }
      throw error;
    }
    const canonical = `${publicUrl}${paths.article(article.id, article.slug)}`;
    const text = article.excerpt.length >= 160 ? article.excerpt : article.content.replace(/<[^>]+>/g, ' ');
    const description = truncateAtBoundary(text, 160);
    const image = [...article.images].sort((a, b) => a.order - b.order)[0];
    const imageUrl = image ? new URL(image.imageUrl, publicUrl).toString() : undefined;
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.title,
      description,
      datePublished: article.createdAt,
      dateModified: article.lastEdited,
      author: { '@type': 'Person', name: article.author.username },
      publisher: { '@type': 'Organization', name: 'Broadsheet' },
      mainEntityOfPage: canonical,
      ...(imageUrl ? { image: [imageUrl] } : {}),
      ...(article.location ? { contentLocation: { '@type': 'Place', name: article.location } } : {}),
    };
    const tags = [
      `<title>${escapeHtml(article.title)} · Broadsheet</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      '<meta property="og:site_name" content="Broadsheet">',
      '<meta property="og:type" content="article">',
      `<meta property="og:title" content="${escapeHtml(article.title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
      `<meta property="article:published_time" content="${article.createdAt}">`,
      `<meta property="article:modified_time" content="${article.lastEdited}">`,
      `<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">`,
      `<meta name="twitter:title" content="${escapeHtml(article.title)}">`,
      `<meta name="twitter:description" content="${escapeHtml(description)}">`,
      ...(imageUrl
        ? [`<meta property="og:image" content="${escapeHtml(imageUrl)}">`, `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">`]
        : []),
      ...(article.published ? [] : ['<meta name="robots" content="noindex">']),
      `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
      // The same choice the first paint's <img> makes among the WebP copies, so only one file loads.
      ...(image ? [mainImagePreload(image)] : []),
    ];
    return { head: tags.join(''), data: { article }, main: articleFirstPaint(article) };
  };
}
