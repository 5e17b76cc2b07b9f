import { expect } from 'vitest';
import { signedInClient, type TestApp, type TestClient } from './test-app.js';

/** Fixtures the moderation suites share: a channel with a published article, admins, comments. */

export type Person = { client: TestClient; id: number; username: string };

export async function adminClient(t: TestApp): Promise<Person> {
  const admin = await signedInClient(t, 'admin');
  await t.ctx.users.setAdmin(admin.username, true);
  return admin;
}

/** A channel's owner, the channel and one published article in it. */
export async function channelWithArticle(t: TestApp, title = 'Council meets tonight') {
  const owner = await signedInClient(t, 'owner');
  const channel = await owner.client.post('/api/channels', { name: `Desk ${owner.username}`, description: 'Local news' });
  expect(channel.statusCode).toBe(201);
  const channelId = channel.json().id as number;
  const article = await owner.client.post('/api/articles', { title, content: '<p>The agenda is long.</p>', channelId });
  expect(article.statusCode).toBe(201);
  return { owner, channelId, article: article.json() as { id: number; slug: string; title: string } };
}

export async function postComment(client: TestClient, articleId: number, content: string, parentId?: number) {
  const response = await client.post(`/api/articles/${articleId}/comments`, { content, ...(parentId ? { parent_id: parentId } : {}) });
  return response;
}

/** A published comment's id (201 and published, or the test fails here). */
export async function publishedComment(client: TestClient, articleId: number, content: string, parentId?: number): Promise<number> {
  const response = await postComment(client, articleId, content, parentId);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().status).toBe('published');
  return response.json().id;
}
