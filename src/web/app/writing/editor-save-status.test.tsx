// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Article } from '@contract/articles';
import { valuesFromArticle } from '@/lib/article-form';
import type { LocationFieldComponent } from '@/features/articles/components/article-form-seams';
import { ArticleEditor } from './article-editor';

const NoPlace: LocationFieldComponent = ({ labelId }) => <input aria-labelledby={labelId} />;

const article: Article = {
  id: 7,
  slug: 'harbour-wall-repaired',
  subtitle: null,
  title: 'Harbour wall repaired',
  userId: 1,
  channelId: 4,
  channel: { id: 4, name: 'Coast Desk', slug: 'coast-desk' },
  categories: [],
  category: null,
  location: null,
  location_name: null,
  location_lat: null,
  location_lng: null,
  published: true,
  status: 'published',
  publishAt: null,
  createdAt: '2026-11-29T09:00:00.000Z',
  lastEdited: '2026-11-29T09:00:00.000Z',
  viewCount: 0,
  likes: 0,
  dislikes: 0,
  commentCount: 0,
  content: '<p>The wall is whole again.</p>',
  excerpt: 'The wall is whole again.',
  images: [],
  author: { id: 1, username: 'writer' },
  userReaction: null,
  corrections: [],
  updatedAt: '2026-11-29T09:00:00.000Z',
  publicRevisions: 1,
  fediverse: { likes: 0, announces: 0 },
  moderationNote: null,
  reviewNote: null,
  commentsClosed: false,
  viewerBan: null,
  savedAt: '2026-11-29T09:00:00.000Z',
  pendingEdit: null,
};

let autosaves: { method: string; body: unknown }[];
let answer: () => Response;
beforeEach(() => {
  autosaves = [];
  answer = () => new Response(JSON.stringify({ savedAt: '2026-11-29T12:04:30.000Z' }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/articles/7/autosave') {
      autosaves.push({ method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
      return answer();
    }
    if (url === '/api/categories') return new Response('[]', { status: 200 });
    return new Response('{"error":"Not found"}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const form = (
    <QueryClientProvider client={queryClient}>
      <ArticleEditor
        mode="edit"
        initialValues={valuesFromArticle(article)}
        channels={[{ id: 4, name: 'Coast Desk' }]}
        locationField={NoPlace}
        onSubmit={async () => {}}
        submitLabel="Save"
        desk={{ article, author: article.author, toValues: valuesFromArticle }}
      />
    </QueryClientProvider>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: form }], { initialEntries: ['/articles/7/edit'] })} />);
  return userEvent.setup();
}

const status = () => screen.getByTestId('editor-save-status').textContent;

// Each test waits out the autosave's 3 s of quiet and then up to 6 s for its answer: more than
// Vitest's default 5 s per test, which a busy machine passes.
describe('the editor saving to the server', { timeout: 20_000 }, () => {
  it('sends only the changed field a few seconds after typing stops, then says when it was saved', async () => {
    const user = show();
    expect(status()).toBe('Saved 09:00');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' at last');
    expect(autosaves).toEqual([]);
    await waitFor(() => expect(status()).toBe('Saved 12:04'), { timeout: 6_000 });
    expect(autosaves).toEqual([{ method: 'PUT', body: { baseSavedAt: '2026-11-29T09:00:00.000Z', title: 'Harbour wall repaired at last' } }]);
    // A published article's autosave is a pending edit: it can be discarded.
    expect(screen.getByRole('button', { name: 'Discard draft changes' })).toBeTruthy();
  });

  it('asks, when another tab saved first, whether to load that version or overwrite it', async () => {
    answer = () => new Response(JSON.stringify({ error: 'A newer version of this article was saved', savedAt: '2026-11-29T12:03:00.000Z' }), { status: 409 });
    const user = show();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 6_000 });
    expect(dialog.textContent).toContain('A newer version of this article was saved at 12:03');
    expect(status()).toBe('Not saved: a newer version exists');

    answer = () => new Response(JSON.stringify({ savedAt: '2026-11-29T12:05:00.000Z' }), { status: 200 });
    await user.click(screen.getByRole('button', { name: 'Keep editing and overwrite' }));
    await waitFor(() => expect(status()).toBe('Saved 12:05'));
    expect(autosaves.at(-1)!.body).toEqual({ baseSavedAt: '2026-11-29T12:03:00.000Z', title: 'Harbour wall repaired!' });
  });

  it('says the work is kept on this device when the server cannot be reached', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = show();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '?');
    await waitFor(() => expect(status()).toBe('Offline, saved on this device'), { timeout: 6_000 });
  });
});
