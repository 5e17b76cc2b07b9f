import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

/**
 * Drafts exist only for their author (docs/product.md#data). Whatever another reader sends to a
 * draft's comments, the answer is the one a missing article gets, so nothing confirms the draft is
 * there: not an empty or over-long comment's 400, not a reply's, not a rate limit's.
 */
describe.each(testDatabases())("comments on someone else's draft on %s", (kind) => {
  const t = useTestApp(kind);

  it('answer 404 as for an article that does not exist, whatever the comment', async () => {
    const author = await signedInClient(t, 'drafter');
    const reader = await signedInClient(t, 'prober');
    const channel = (await author.client.post('/api/channels', { name: `Drafts ${kind}`, description: 'Unpublished' })).json();
    const published = (await author.client.post('/api/articles', { title: 'Out', content: '<p>Out</p>', channelId: channel.id })).json();
    const draft = (await author.client.post('/api/articles', { title: 'Secret plan', content: '<p>Soon</p>', channelId: channel.id, status: 'draft' })).json();
    const ownComment = (await author.client.post(`/api/articles/${draft.id}/comments`, { content: 'Note to self' })).json();
    const elsewhere = (await author.client.post(`/api/articles/${published.id}/comments`, { content: 'Public' })).json();
    const missing = 2_000_000_000;

    const bodies = [
      { content: 'Hello' },
      { content: '   ' },
      { content: 'x'.repeat(5001) },
      { content: 'Reply', parent_id: ownComment.id },
      { content: 'Reply', parent_id: elsewhere.id },
      { content: 'Reply', parent_id: missing },
    ];
    for (const body of bodies) {
      const onDraft = await reader.client.post(`/api/articles/${draft.id}/comments`, body);
      const onMissing = await reader.client.post(`/api/articles/${missing}/comments`, body);
      expect({ status: onDraft.statusCode, body: onDraft.json() }, JSON.stringify(body).slice(0, 60)).toEqual({ status: onMissing.statusCode, body: onMissing.json() });
      expect(onDraft.statusCode, JSON.stringify(body).slice(0, 60)).toBe(404);
    }
    // By its slug too, and its replies and lists.
    expect((await reader.client.post(`/api/articles/${draft.slug}-${draft.id}/comments`, { content: '  ' })).statusCode).toBe(404);
    expect((await reader.client.get(`/api/comments/${ownComment.id}/replies`)).statusCode).toBe(404);
    expect((await reader.client.get(`/api/articles/${draft.id}/comment-threads`)).statusCode).toBe(404);
    expect((await reader.client.delete(`/api/comments/${ownComment.id}`)).statusCode).toBe(404);
    // The author still comments on their own draft, and gets the usual 400 for an empty comment.
    expect((await author.client.post(`/api/articles/${draft.id}/comments`, { content: '  ' })).statusCode).toBe(400);
  });
});
