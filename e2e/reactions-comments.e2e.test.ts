import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, Journey } from './support/browser.js';
import { PASSWORD } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';

/** An author with a channel and a published article, made through the API as a script would. */
async function authorWithArticle(baseUrl: string) {
  const username = uniqueUsername('author');
  const register = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(register.status).toBe(201);
  const cookie = register.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
    return response.json();
  };
  const channel = await post('/api/channels', { name: 'Harbour Notes', description: 'News from the waterfront' });
  const article = await post('/api/articles', {
    title: 'Harbour wall reopens to walkers',
    content: '<p>The north wall is open again after the winter repairs.</p>',
    channelId: channel.id,
  });
  return { username, article: article as { id: number; slug: string } };
}

/**
 * Signs a journey's browser in through the API (the account journeys cover the forms), so this
 * journey depends only on the pages it is about.
 */
/** Readers registered through the API, each with its session cookie (several: one meets the per-minute comment limit). */
async function readersThroughApi(baseUrl: string, count: number) {
  const readers: { username: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const username = uniqueUsername('talker');
    const response = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    readers.push({ username, cookie: response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ') });
  }
  return readers;
}

async function commentThroughApi(baseUrl: string, cookie: string, articleId: number, content: string, parentId: number | null = null) {
  const response = await fetch(`${baseUrl}/api/articles/${articleId}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ content, parent_id: parentId }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

async function signIn(journey: Journey, path: '/api/register' | '/api/login', username: string) {
  const response = await journey.context.request.post(path, { data: { username, password: PASSWORD } });
  expect(response.status()).toBe(path === '/api/register' ? 201 : 200);
}

const reactionButton = (page: Page, name: 'Like' | 'Dislike') => page.getByRole('button', { name: new RegExp(`^${name}\\b`) });
const count = (page: Page, name: 'like' | 'dislike') => page.getByTestId(`${name}-count`).textContent();
const pressed = (page: Page, name: 'Like' | 'Dislike') => reactionButton(page, name).getAttribute('aria-pressed');
const commentsHeading = (page: Page) => page.locator('#comments h2').first().textContent();

describeInBrowser('reactions and comments in the browser', () => {
  const site = useSite();

  it('lets a reader react, comment and reply, and shows it all to the author', async () => {
    const { username: author, article } = await authorWithArticle(site.server.url);
    const articlePath = `/articles/${article.slug}-${article.id}`;

    // A signed-out visitor who reacts is asked to log in.
    const visitor = await Journey.open(site.browser, site.server.url);
    await visitor.goto(articlePath);
    await reactionButton(visitor.page, 'Like').click();
    const prompt = visitor.page.getByRole('dialog', { name: 'Authentication Required' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    expect(await prompt.getByText('Please log in to react to articles', { exact: true }).isVisible()).toBe(true);
    // Sign In comes back to the article (docs/product.md#returning-sign-in).
    expect(await prompt.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(articlePath)}`);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    expect(await count(visitor.page, 'like')).toBe('0');
    await visitor.close();

    const reader = uniqueUsername('reader');
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await signIn(journey, '/api/register', reader);
    await journey.goto(articlePath);

    // Like, dislike, take it back: counts, pressed state and their toasts.
    await reactionButton(page, 'Like').click();
    await expect.poll(() => page.getByText('Article liked!', { exact: true }).isVisible()).toBe(true);
    expect(await count(page, 'like')).toBe('1');
    expect(await pressed(page, 'Like')).toBe('true');
    await reactionButton(page, 'Dislike').click();
    await expect.poll(() => page.getByText('Article disliked!', { exact: true }).isVisible()).toBe(true);
    expect([await count(page, 'like'), await count(page, 'dislike')]).toEqual(['0', '1']);
    expect([await pressed(page, 'Like'), await pressed(page, 'Dislike')]).toEqual(['false', 'true']);
    await reactionButton(page, 'Dislike').click();
    await expect.poll(() => page.getByText('Reaction removed', { exact: true }).isVisible()).toBe(true);
    expect([await count(page, 'like'), await count(page, 'dislike')]).toEqual(['0', '0']);
    expect([await pressed(page, 'Like'), await pressed(page, 'Dislike')]).toEqual(['false', 'false']);
    await reactionButton(page, 'Like').click();
    await expect.poll(() => page.getByText('Article liked!', { exact: true }).isVisible()).toBe(true);

    // An empty comment is refused before anything is sent.
    const section = page.locator('#comments');
    expect(await commentsHeading(page)).toBe('Comments (0)');
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => section.getByText('Comment cannot be empty').isVisible()).toBe(true);

    // A comment with a line break and an address.
    const box = section.getByLabel('Add a comment');
    await box.fill('Lovely to have it back.\nPhotos: https://example.com/harbour');
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => commentsHeading(page)).toBe('Comments (1)');
    expect(await box.inputValue()).toBe('');
    const first = section.getByRole('listitem', { name: `Comment by ${reader}` }).first();
    expect(await first.getByText('Lovely to have it back.').isVisible()).toBe(true);
    const link = first.getByRole('link', { name: 'https://example.com/harbour' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await first.locator('time').first().textContent()).toMatch(/just now|seconds? ago/);
    expect(await first.locator('time').first().getAttribute('title')).toMatch(/\d{4} at \d{1,2}:\d{2}/);

    // Reply mode: entered by Reply, left by Cancel Reply.
    await first.getByRole('button', { name: 'Reply' }).click();
    await expect.poll(() => section.getByLabel(`Reply to ${reader}`).isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Cancel Reply' }).click();
    await expect.poll(() => section.getByRole('button', { name: 'Cancel Reply' }).count()).toBe(0);
    expect(await section.getByLabel(`Reply to ${reader}`).count()).toBe(0);

    await first.getByRole('button', { name: 'Reply' }).click();
    await section.getByLabel(`Reply to ${reader}`).fill('And the benches are new too.');
    await section.getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => commentsHeading(page)).toBe('Comments (2)');
    expect(await section.getByRole('button', { name: 'Cancel Reply' }).count()).toBe(0);
    const replies = section.getByRole('list', { name: `Replies to ${reader}` });
    expect(await replies.getByText('And the benches are new too.').isVisible()).toBe(true);
    // Replies have no Reply of their own: two levels only.
    expect(await replies.getByRole('button', { name: 'Reply' }).count()).toBe(0);

    // Markup in a comment is text: shown as typed, never run (any alert would fail the journey).
    const markup = '<img src=x onerror=alert(1)>';
    await box.fill(markup);
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => commentsHeading(page)).toBe('Comments (3)');
    expect(await section.getByText(markup, { exact: true }).isVisible()).toBe(true);
    expect(await section.locator('img').count()).toBe(0);
    await journey.screenshot('reactions-comments-reader');

    // The reader deletes their own comment after confirming.
    const markupComment = section.getByRole('listitem', { name: `Comment by ${reader}` }).filter({ hasText: markup });
    await markupComment.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => commentsHeading(page)).toBe('Comments (2)');
    expect(await section.getByText(markup, { exact: true }).count()).toBe(0);
    await journey.close();

    // The author sees the counts and the thread, and may not delete the reader's comments.
    const authorJourney = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    await signIn(authorJourney, '/api/login', author);
    await authorJourney.goto(articlePath);
    const authorPage = authorJourney.page;
    await expect.poll(() => count(authorPage, 'like')).toBe('1');
    expect(await count(authorPage, 'dislike')).toBe('0');
    expect(await pressed(authorPage, 'Like')).toBe('false');
    expect(await commentsHeading(authorPage)).toBe('Comments (2)');
    const thread = authorPage.locator('#comments').getByRole('listitem', { name: `Comment by ${reader}` }).first();
    expect(await thread.getByText('Lovely to have it back.').isVisible()).toBe(true);
    expect(await thread.getByRole('list', { name: `Replies to ${reader}` }).getByText('And the benches are new too.').isVisible()).toBe(true);
    expect(await thread.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await thread.getByRole('button', { name: 'Reply' }).count()).toBe(1);
    await authorJourney.screenshot('reactions-comments-author-narrow');
    await authorJourney.close();
  });

  it('shows a long discussion twenty threads at a time, and a reply on a later page keeps its place', async () => {
    const { article } = await authorWithArticle(site.server.url);
    const articlePath = `/articles/${article.slug}-${article.id}`;
    // 23 threads from two readers (one alone would meet the per-minute comment limit).
    const talkers = await readersThroughApi(site.server.url, 2);
    const readers = talkers.map((talker) => talker.username);
    for (let i = 1; i <= 23; i++) await commentThroughApi(site.server.url, talkers[i % 2]!.cookie, article.id, `Point number ${i}`);

    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await signIn(journey, '/api/login', readers[0]!);
    await journey.goto(articlePath);
    const section = page.locator('#comments');
    const threads = section.getByRole('list', { name: 'Comments' }).locator(':scope > li');
    // The heading counts the whole discussion; the page shows the first twenty threads, oldest first.
    expect(await commentsHeading(page)).toBe('Comments (23)');
    expect(await threads.count()).toBe(20);
    expect(await threads.first().getByText('Point number 1', { exact: true }).isVisible()).toBe(true);
    expect(await section.getByText('Point number 21', { exact: true }).count()).toBe(0);

    const more = section.getByRole('button', { name: 'Show more comments' });
    // The button at a phone's width in the dark theme: axe checks its contrast, the picture is kept.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await more.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'a long discussion, narrow and dark');
    fs.mkdirSync('e2e/artifacts', { recursive: true });
    await page.screenshot({ path: 'e2e/artifacts/comments-show-more-narrow-dark.png' });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    if (wide) await page.setViewportSize(wide);
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await expect.poll(() => threads.count()).toBe(23);
    expect(await threads.nth(20).getByText('Point number 21', { exact: true }).isVisible()).toBe(true);
    expect(await more.count()).toBe(0);
    // The button is gone: the focus is on the first thread it added, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Comment by /);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Point number 21');

    // A reply to a thread of the second page: it shows under its thread, and nothing is lost above.
    const late = threads.nth(21);
    await late.getByRole('button', { name: 'Reply' }).click();
    await section.getByLabel(/^Reply to /).fill('Agreed, and the lights too.');
    await section.getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => commentsHeading(page)).toBe('Comments (24)');
    expect(await late.getByRole('list', { name: /^Replies to / }).getByText('Agreed, and the lights too.').isVisible()).toBe(true);
    expect(await threads.count()).toBe(23);
    await expectAccessible(page, 'article with a long discussion');
    await journey.screenshot('comments-long-discussion');
    await journey.close();
  });

  it("shows a long thread's first ten replies, the rest on request, and keeps a new reply in view", async () => {
    const { article } = await authorWithArticle(site.server.url);
    const talkers = await readersThroughApi(site.server.url, 2);
    const top = await commentThroughApi(site.server.url, talkers[0]!.cookie, article.id, 'Who fixes the bridge?');
    for (let i = 1; i <= 13; i++) await commentThroughApi(site.server.url, talkers[i % 2]!.cookie, article.id, `Answer ${i}`, top.id);

    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await signIn(journey, '/api/login', talkers[0]!.username);
    await journey.goto(`/articles/${article.slug}-${article.id}`);
    const thread = page.locator('#comments').getByRole('list', { name: 'Comments' }).locator(':scope > li').first();
    const replies = thread.getByRole('list', { name: /^Replies to / }).locator(':scope > li');
    expect(await commentsHeading(page)).toBe('Comments (14)');
    expect(await replies.count()).toBe(10);
    expect(await replies.last().textContent()).toContain('Answer 10');

    const more = thread.getByRole('button', { name: 'Show more replies' });
    await more.scrollIntoViewIfNeeded();
    await thread.screenshot({ path: 'e2e/artifacts/comments-thread-show-more-replies.png' });
    // At a phone's width in the dark theme: axe checks the button's contrast, the picture is kept.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await more.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'a long thread, narrow and dark');
    await page.screenshot({ path: 'e2e/artifacts/comments-thread-show-more-replies-narrow-dark.png' });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    if (wide) await page.setViewportSize(wide);
    await more.click();
    await expect.poll(() => replies.count()).toBe(13);
    expect(await replies.last().textContent()).toContain('Answer 13');
    expect(await more.count()).toBe(0);
    // The button is gone: the focus is on the first reply it added.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Answer 11');
    await expectAccessible(page, 'a long thread, every reply shown');
    await journey.screenshot('comments-long-thread');

    // Afresh, the thread shows ten again; a reply to it is the newest, and it comes into view.
    await journey.goto(`/articles/${article.slug}-${article.id}`);
    expect(await replies.count()).toBe(10);
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await thread.getByLabel(/^Reply to /).fill('The council, next spring.');
    await thread.getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => commentsHeading(page)).toBe('Comments (15)');
    await expect.poll(() => replies.count()).toBe(14);
    expect(await replies.last().textContent()).toContain('The council, next spring.');
    await journey.close();
  });
});
