// @vitest-environment happy-dom
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ArticleSummary } from '@contract/articles';
import type { PagePreferences } from '@contract/pages';
import { ImageVisibilityProvider } from '@/lib/image-visibility';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { ArticleCard } from './article-card';

const article: ArticleSummary = {
  id: 7,
  slug: 'late-ferry',
  title: 'Late ferry',
  userId: 1,
  channelId: 2,
  channel: { id: 2, name: 'Coast Desk', slug: 'coast-desk' },
  categories: [{ id: 3, name: 'News > Local' }],
  category: 'News > Local',
  location: 'Brighton',
  location_name: 'Brighton',
  location_lat: null,
  location_lng: null,
  excerpt: 'The last boat left at midnight.',
  published: true,
  status: 'published',
  // 23:30 UTC: already the next day in Tokyo.
  createdAt: '2026-03-03T23:30:00.000Z',
  lastEdited: '2026-03-03T23:30:00.000Z',
  viewCount: 3,
  view_count: 3,
  likes: 1,
  dislikes: 0,
  commentCount: 0,
  image: { id: 1, imageUrl: '/uploads/ferry.png', caption: 'The ferry', order: 0, width: 600, height: 400, variants: [] },
} as unknown as ArticleSummary;

const preferences = (overrides: Partial<PagePreferences>): PagePreferences => ({ theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: 0, selectedChannelId: null, ...overrides });

function Card({ prefs }: { prefs: PagePreferences }) {
  return (
    <MemoryRouter>
      <PagePreferencesProvider value={prefs}>
        <ImageVisibilityProvider>
          <ArticleCard article={article} signedIn={false} />
        </ImageVisibilityProvider>
      </PagePreferencesProvider>
    </MemoryRouter>
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('ArticleCard', () => {
  it("prints the date in the page's time zone", () => {
    render(<Card prefs={preferences({ timeZone: 'Asia/Tokyo' })} />);
    expect(screen.getByText('Wed, Mar 4, 26')).toBeTruthy();
    cleanup();
    render(<Card prefs={preferences({ timeZone: 'UTC' })} />);
    expect(screen.getByText('Tue, Mar 3, 26')).toBeTruthy();
  });

  it('leaves the image out for a reader who hid images', () => {
    render(<Card prefs={preferences({ showImages: false })} />);
    expect(screen.queryByRole('img')).toBeNull();
    cleanup();
    render(<Card prefs={preferences({ showImages: true })} />);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/uploads/ferry.png');
  });

  it('hydrates the markup the server rendered without a mismatch, then follows the stored choice', async () => {
    // The reader hid images in this browser before the choice was mirrored into a cookie: the
    // server rendered the image; hydration must keep that markup, then apply the stored choice.
    const prefs = preferences({ showImages: true, timeZone: 'Europe/Paris' });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Card prefs={prefs} />);
    expect(container.querySelector('img')).not.toBeNull();
    localStorage.setItem('broadsheet-show-images', 'false');
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Card prefs={prefs} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // After hydration the stored choice applies: the image goes.
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('Wed, Mar 4, 26');
  });
});
