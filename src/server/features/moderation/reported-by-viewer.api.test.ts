import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { channelWithArticle, publishedComment } from '../../../test-support/moderation-fixtures.js';

describe.each(testDatabases())('a comment tells its reader whether they reported it, on %s', (kind) => {
  const t = useTestApp(kind);

  it('marks the comments the reader has an open report on, for that reader alone, in threads, replies and the list', async () => {
    const { owner, article } = await channelWithArticle(t);
    const author = await signedInClient(t, 'author');
    const reader = await signedInClient(t, 'reader');
    const top = await publishedComment(author.client, article.id, 'Cheap watches at example.test');
    const reply = await publishedComment(author.client, article.id, 'More watches', top);
    const other = await publishedComment(author.client, article.id, 'A fair point');
    for (const id of [top, reply]) {
      expect((await reader.client.post('/api/reports', { targetType: 'comment', targetId: id, reason: 'spam' })).statusCode).toBe(201);
    }

    const marks = async (client: TestClient) => {
      const threads = (await client.get(`/api/articles/${article.id}/comment-threads`)).json().items as { id: number; reportedByViewer: boolean; replies: { id: number; reportedByViewer: boolean }[] }[];
      return Object.fromEntries(threads.flatMap((thread) => [thread, ...thread.replies]).map((c) => [c.id, c.reportedByViewer]));
    };
    expect(await marks(reader.client)).toEqual({ [top]: true, [reply]: true, [other]: false });
    expect(await marks(owner.client)).toEqual({ [top]: false, [reply]: false, [other]: false });
    expect(await marks(new TestClient(() => t.app))).toEqual({ [top]: false, [reply]: false, [other]: false });
    const list = (await reader.client.get(`/api/articles/${article.id}/comments`)).json() as { id: number; reportedByViewer: boolean }[];
    expect(list.find((c) => c.id === reply)?.reportedByViewer).toBe(true);
    const replies = (await reader.client.get(`/api/comments/${top}/replies`)).json().items as { id: number; reportedByViewer: boolean }[];
    expect(replies.map((c) => c.reportedByViewer)).toEqual([true]);

    // Once a moderator has dealt with the reports, the reader may report it again: no longer marked.
    expect((await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: reply, action: 'dismiss' })).statusCode).toBeLessThan(300);
    expect(await marks(reader.client)).toEqual({ [top]: true, [reply]: false, [other]: false });
  });
});
