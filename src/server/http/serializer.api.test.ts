import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ArticleSchema, FeedPageSchema, FeedQuerySchema } from '../../contract/articles.js';
import { CurrentUserSchema } from '../../contract/auth.js';
import { signedInClient, useTestApp } from '../../test-support/test-app.js';
import { createResponseSerializerCompiler, nullableInsteadOfAnyOf } from './serializer.js';

const compile = (verify: boolean, schema: z.ZodType) =>
  createResponseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never) as (data: unknown) => string;

describe('compiled response serializers', () => {
  const t = useTestApp('sqlite');

  it('write exactly what the zod schema encodes: the feed, an article (production mode, no check)', async () => {
    const author = await signedInClient(t, 'serial');
    const channel = (await author.client.post('/api/channels', { name: 'Serial Desk', description: 'd' })).json();
    await author.client.post('/api/articles', { title: 'Serialized', content: '<p>Text with "quotes" and \u2028 separators</p>', channelId: channel.id, location_name: 'Brighton', categoryIds: [1] });
    const feed = await t.ctx.listings.feed(FeedQuerySchema.parse({ scope: 'all', limit: '20' }), null);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(JSON.parse(compile(false, FeedPageSchema)(feed))).toEqual(JSON.parse(JSON.stringify(FeedPageSchema.encode(feed))));
    const article = await t.ctx.articles.get(feed.items[0]!.id, null);
    expect(JSON.parse(compile(false, ArticleSchema)(article))).toEqual(JSON.parse(JSON.stringify(ArticleSchema.encode(article))));
  });

  it('write null and non-null values alike through the nullable rewrite: a card with an image and one without', () => {
    const card = (id: number, withValues: boolean) => ({
      id,
      slug: `card-${id}`,
      title: `Card ${id}`,
      subtitle: null,
      userId: 1,
      channelId: 2,
      channel: { id: 2, name: 'Desk', slug: 'desk' },
      categories: withValues ? [{ id: 3, name: 'News > Local' }] : [],
      category: withValues ? 'News > Local' : null,
      location: withValues ? 'Brighton' : null,
      location_name: withValues ? 'Brighton' : null,
      location_lat: withValues ? 50.82 : null,
      location_lng: withValues ? -0.14 : null,
      published: true,
      status: 'published' as const,
      publishAt: null,
      createdAt: new Date(0).toISOString(),
      lastEdited: new Date(0).toISOString(),
      viewCount: 1,
      likes: 2,
      dislikes: 0,
      commentCount: 3,
      excerpt: 'An excerpt',
      author: { id: 4, username: 'ada' },
      image: withValues
        ? { id: 9, imageUrl: '/uploads/a.webp', caption: null, order: 0, width: 640, height: null, variants: [{ width: 320, url: '/uploads/a-320w.webp' }], alt: null, cover: false }
        : null,
    });
    const page = { items: [card(1, true), card(2, false)], nextCursor: null, source: 'all' as const };
    const written = compile(false, FeedPageSchema)(page);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(FeedPageSchema.encode(page))));
    expect(written).toContain('"image":null');
    expect(written).toContain('"caption":null,"order":0,"width":640,"height":null');
    // Every nullable of the feed page is written without a validator (no anyOf left).
    const jsonSchema = z.toJSONSchema(FeedPageSchema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
    expect(JSON.stringify(jsonSchema)).toContain('anyOf');
    expect(JSON.stringify(nullableInsteadOfAnyOf(jsonSchema))).not.toContain('anyOf');
  });

  it('leave out fields the schema does not declare (a session id never leaks), and check shapes when verifying', async () => {
    const user = { id: 1, username: 'someone', description: null, isAdmin: false, hasPassword: true, createdAt: new Date(0).toISOString(), sessionId: 'secret' };
    expect(compile(false, CurrentUserSchema)(user)).not.toContain('secret');
    expect(() => compile(true, CurrentUserSchema)({ ...user, username: 42 })).toThrow();
  });
});
