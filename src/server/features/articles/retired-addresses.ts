import type { FastifyInstance } from 'fastify';

/** An article's page addresses: `/articles/{segment}` and `/articles/{segment}/edit`. */
const ARTICLE_PAGE = /^\/articles\/([a-z0-9-]+)(?:\/edit)?\/?(?:\?|$)/;

/**
 * A deleted article's page addresses answer 410 Gone, with the words of the not-found page the
 * render already made (docs/product.md#addresses): search engines and feed readers drop a gone address
 * for good, where a 404 is retried. Only a page that rendered as not found is looked up, so no
 * other request pays for it. The API keeps answering 404 `{error}` for such an article.
 */
export function registerRetiredArticleAddresses(app: FastifyInstance, isRetired: (segment: string) => Promise<boolean>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 404 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
    const match = ARTICLE_PAGE.exec(request.url);
    if (match && (await isRetired(match[1]!))) void reply.code(410);
    return payload;
  });
}
