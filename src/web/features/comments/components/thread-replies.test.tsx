// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Comment, CommentReplyPage, CommentThread } from '@contract/comments';
import { MemoryRouter } from 'react-router';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { ThreadReplies } from './thread-replies';

const reply = (n: number): Comment => ({
  id: 100 + n,
  article_id: 1,
  content: `Answer ${n}`,
  parent_id: 1,
  created_at: '2026-03-03T10:00:00.000Z',
  createdAt: '2026-03-03T10:00:00.000Z',
  user: { id: 2, username: 'bo' },
  deleted: false,
  editedAt: null,
  status: 'published',
  reportedByViewer: false,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => reply(from + i));

const thread = (replies: Comment[], repliesCursor: string | null): CommentThread => ({
  ...reply(0),
  id: 1,
  parent_id: null,
  content: 'Who fixes the bridge?',
  user: { id: 3, username: 'ada' },
  replies,
  repliesCursor,
});

/** The API's answers by cursor; every URL asked for is kept. */
let pages: Record<string, CommentReplyPage>;
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? '';
    const page = pages[cursor];
    return page ? new Response(JSON.stringify(page), { status: 200 }) : new Response('{"error":"Comment not found"}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(props: { thread: CommentThread; revealAll?: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    // A router, because each reply's author name links to their page.
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <PagePreferencesProvider value={{ theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: 0, selectedChannelId: null }}>
          <ThreadReplies thread={props.thread} now={Date.parse('2026-03-03T12:00:00Z')} canDelete={() => false} revealAll={props.revealAll ?? false} />
        </PagePreferencesProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
const shownReplies = () => within(screen.getByRole('list', { name: 'Replies to ada' })).getAllByRole('listitem').map((item) => item.textContent);

describe('the replies of a thread', () => {
  it('shows every reply a thread brought, with no button, when it has no more', () => {
    show({ thread: thread(range(1, 3), null) });
    expect(shownReplies()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more replies' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('reads the rest a page at a time from the thread’s cursor, and puts the focus on the first reply added', async () => {
    pages = { 'after-10': { items: range(11, 12), nextCursor: 'after-12' }, 'after-12': { items: range(13, 13), nextCursor: null } };
    show({ thread: thread(range(1, 10), 'after-10') });
    expect(shownReplies()).toHaveLength(10);
    // Nothing is read until the reader asks.
    expect(asked).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more replies' }));
    await waitFor(() => expect(shownReplies()).toHaveLength(12));
    expect(asked).toEqual(['/api/comments/1/replies?limit=50&cursor=after-10']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Reply by bo');
    expect(document.activeElement?.textContent).toContain('Answer 11');

    fireEvent.click(screen.getByRole('button', { name: 'Show more replies' }));
    await waitFor(() => expect(shownReplies()).toHaveLength(13));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Reply by bo');
    expect(document.activeElement?.textContent).toContain('Answer 13');
    expect(screen.queryByRole('button', { name: 'Show more replies' })).toBeNull();
  });

  it('says so when the rest cannot be read, and tries again on the next click', async () => {
    pages = {};
    show({ thread: thread(range(1, 10), 'after-10') });
    fireEvent.click(screen.getByRole('button', { name: 'Show more replies' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'More replies could not be loaded. Try again.');
    pages = { 'after-10': { items: range(11, 11), nextCursor: null } };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more replies' })));
    await waitFor(() => expect(shownReplies()).toHaveLength(11));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads every further page by itself once the reader has replied to the thread', async () => {
    pages = { 'after-10': { items: range(11, 12), nextCursor: 'after-12' }, 'after-12': { items: range(13, 14), nextCursor: null } };
    show({ thread: thread(range(1, 10), 'after-10'), revealAll: true });
    await waitFor(() => expect(shownReplies()).toHaveLength(14));
    expect(shownReplies().at(-1)).toContain('Answer 14');
    expect(screen.queryByRole('button', { name: 'Show more replies' })).toBeNull();
  });
});
