import { describe, expect, it } from 'vitest';
import { threadComments, type Comment } from '../../../contract/comments.js';
import { TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { seedDemo } from '../../seed/seed.js';

describe.each(testDatabases())('demo reactions and comments on %s', (kind) => {
  const t = useTestApp(kind);

  it('gives the demo articles reactions and two-level threads whose counts match the rows', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    const client = new TestClient(() => t.app);
    const feed = (await client.get('/api/articles?scope=all&limit=100')).json().items as { id: number; likes: number; dislikes: number; commentCount: number }[];
    expect(feed.filter((a) => a.likes > 0).length).toBeGreaterThan(20);
    expect(feed.filter((a) => a.dislikes > 0).length).toBeGreaterThan(3);
    expect(Math.max(...feed.map((a) => a.commentCount))).toBeGreaterThanOrEqual(7);
    for (const article of feed) {
      expect({ likes: article.likes, dislikes: article.dislikes }).toEqual(await t.ctx.reactions.recount(article.id));
      const comments = (await client.get(`/api/articles/${article.id}/comments`)).json() as Comment[];
      expect(comments.length).toBe(article.commentCount);
    }
    const withReplies = feed.find((a) => a.commentCount >= 7)!;
    const threads = threadComments((await client.get(`/api/articles/${withReplies.id}/comments`)).json() as Comment[]);
    expect(threads.some((c) => c.replies.length > 0)).toBe(true);
    expect(threads.every((c) => c.replies.every((r) => r.parent_id === c.id))).toBe(true);
  });
});
