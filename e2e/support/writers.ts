import { expect } from 'vitest';
import { PASSWORD } from './auth.js';
import { uniqueUsername } from './fixtures.js';

/**
 * A writer registered through the API (as a script would), with a channel and `articles` published
 * articles, the newest last; their session cookie for further calls.
 */
export async function writerWithArticles(baseUrl: string, options: { articles: number; bio?: string; prefix?: string }) {
  const username = uniqueUsername(options.prefix ?? 'writer');
  const register = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(register.status).toBe(201);
  const { id } = (await register.json()) as { id: number };
  const cookie = register.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.json();
  };
  if (options.bio) await call('PATCH', `/api/users/${id}`, { description: options.bio });
  const channel = (await call('POST', '/api/channels', { name: `Harbour Desk ${username}`, description: 'News from the waterfront' })) as { id: number; name: string };
  const articles: { id: number; slug: string; title: string }[] = [];
  for (let i = 1; i <= options.articles; i++) {
    const title = `Harbour story ${i} by ${username}`;
    const article = (await call('POST', '/api/articles', { title, content: `<p>What happened on the quay, part ${i}.</p>`, channelId: channel.id })) as { id: number; slug: string };
    articles.push({ ...article, title });
  }
  return { id, username, cookie, channel, articles, call };
}
