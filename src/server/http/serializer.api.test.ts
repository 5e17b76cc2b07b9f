import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ArticleSchema, FeedPageSchema, FeedQuerySchema } from '../../contract/articles.js';
import { CurrentUserSchema } from '../../contract/auth.js';
import { signedInClient, useTestApp } from '../../test-support/test-app.js';
import { createResponseSerializerCompiler } from './serializer.js';

const compile = (verify: boolean, schema: z.ZodType) =>
  createResponseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never) as (data: unknown) => string;

describe('compiled response serializers', () => {
  const t = useTestApp('sqlite');

  it('write exactly what the zod schema encodes: the feed, an article (production mode, no check)', async () => {
    const author = await signedInClient(t, 'serial');
    const channel = (await author.client.post('/api/channels', { name: 'Serial Desk', description: 'd' })).json();
    await author.client.post('/api/articles', { title: 'Serialized', content: '<p>Text with "quotes" and \u2028 separators</p>', channelId: channel.id, location_name: 'Brighton', categoryIds: [1] });
    const feed = await t.ctx.articles.feed(FeedQuerySchema.parse({ scope: 'all', limit: '20' }), null);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(JSON.parse(compile(false, FeedPageSchema)(feed))).toEqual(JSON.parse(JSON.stringify(FeedPageSchema.encode(feed))));
    const article = await t.ctx.articles.get(feed.items[0]!.id, null);
    expect(JSON.parse(compile(false, ArticleSchema)(article))).toEqual(JSON.parse(JSON.stringify(ArticleSchema.encode(article))));
  });

  it('leave out fields the schema does not declare (a session id never leaks), and check shapes when verifying', async () => {
    const user = { id: 1, username: 'someone', description: null, isAdmin: false, hasPassword: true, createdAt: new Date(0).toISOString(), sessionId: 'secret' };
    expect(compile(false, CurrentUserSchema)(user)).not.toContain('secret');
    expect(() => compile(true, CurrentUserSchema)({ ...user, username: 42 })).toThrow();
  });
});
