import { describe, expect, it } from 'vitest';
import { createStaticHandler, matchRoutes } from 'react-router';
import type { CurrentUser } from '@contract/auth';
import { paths } from '@contract/paths';
import { createQueryClient } from '@/lib/query-client';
import { createRouterContext } from '@/lib/router-context';
import { currentUserQueryKey } from '@/features/auth/api/query-keys';
import { routes, type RouteHandle } from './router';

/** The page a path opens, by the route table: its module name and the handles on the way there. */
function pageOf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const handles = matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
  return { page: handles.findLast((handle) => handle.page)?.page, handles };
}

const reader: CurrentUser = { id: 7, username: 'reader', description: null, isAdmin: false, hasPassword: true, createdAt: '2026-01-01T00:00:00.000Z' };

/**
 * Where the route loaders' guards send a visitor of `path`, or null when the page opens. Only the
 * guards run to their end: the session is in the cache, and no page data is asked for before them.
 */
async function redirectOf(path: string, user: CurrentUser | null): Promise<string | null> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  // The pages' data is not this test's: a guard that lets the visitor in is followed by a fetch that fails here.
  const result = await createStaticHandler(routes).query(new Request(`http://site.test${path}`), {
    requestContext: createRouterContext(queryClient),
    filterMatchesToLoad: (match) => match.route.path !== undefined || match.route.index === true,
  });
  return result instanceof Response ? result.headers.get('location') : null;
}

describe('the route table', () => {
  it('has a page for every link the contract builds', () => {
    expect(pageOf(paths.home).page).toBe('home');
    expect(pageOf(paths.auth).page).toBe('auth');
    expect(pageOf(paths.authCallback).page).toBe('auth-callback');
    expect(pageOf(paths.profile).page).toBe('profile');
    expect(pageOf(paths.admin).page).toBe('admin');
    expect(pageOf(paths.channels).page).toBe('channels');
    expect(pageOf(paths.newChannel).page).toBe('channel-new');
    expect(pageOf(paths.channel(3)).page).toBe('channel');
    expect(pageOf('/channels/harbour-desk/3').page).toBe('channel');
    expect(pageOf(paths.channelSubscribers(3)).page).toBe('channel-subscribers');
    expect(pageOf(paths.channelAnalytics(3)).page).toBe('channel-analytics');
    expect(pageOf(paths.channelModeration(3)).page).toBe('channel-moderation');
    expect(pageOf(paths.channelStaff(3)).page).toBe('channel-staff');
    expect(pageOf(paths.adminModeration).page).toBe('admin-moderation');
    expect(pageOf(paths.newArticle).page).toBe('article-new');
    expect(pageOf(paths.newArticleInChannel(3)).page).toBe('article-new');
    expect(pageOf(paths.article(5, 'a-story')).page).toBe('article');
    expect(pageOf(paths.editArticle(5)).page).toBe('article-edit');
    expect(pageOf(paths.author('ada.lovelace')).page).toBe('author');
    expect(pageOf(paths.signIn('/profile')).page).toBe('auth');
  });

  it('answers anything else with the not-found page and status 404', () => {
    for (const path of ['/nope', '/channels/3/subscribers/x', '/admin/x']) {
      const { page, handles } = pageOf(path);
      expect(page).toBe('not-found');
      expect(handles.at(-1)?.status).toBe(404);
    }
  });

  it('guards the pages kept for signed-in readers and admins in their loaders', async () => {
    expect(await redirectOf(paths.profile, null)).toBe('/auth?next=%2Fprofile');
    expect(await redirectOf(`${paths.newArticle}?x=1`, null)).toBe('/auth?next=%2Farticles%2Fnew%3Fx%3D1');
    expect(await redirectOf(paths.channelSubscribers(3), null)).toBe('/auth?next=%2Fchannels%2F3%2Fsubscribers');
    expect(await redirectOf(paths.editArticle(5), null)).toBe('/');
    expect(await redirectOf(paths.admin, null)).toBe('/');
    expect(await redirectOf(paths.admin, reader)).toBe('/');
    expect(await redirectOf(paths.adminModeration, reader)).toBe('/');
    expect(await redirectOf(paths.channelModeration(3), null)).toBe('/auth?next=%2Fchannels%2F3%2Fmoderation');
    expect(await redirectOf(paths.channelStaff(3), null)).toBe('/auth?next=%2Fchannels%2F3%2Fstaff');
    expect(await redirectOf(paths.auth, reader)).toBe('/');
    expect(await redirectOf(paths.newChannel, reader)).toBeNull();
    // The first query of each page transforms its module (and all it imports) for the test: slow on a busy machine.
  }, 60_000);

  it('lets anonymous readers share cached copies of the public reading pages only', () => {
    const cacheable = (path: string) => pageOf(path).handles.some((handle) => handle.cacheable);
    expect([paths.home, paths.article(5), paths.channels, paths.author('ada')].map(cacheable)).toEqual([true, true, true, true]);
    expect([paths.auth, paths.channel(3), paths.profile, '/nope'].map(cacheable)).toEqual([false, false, false, false]);
    expect([paths.channelModeration(3), paths.adminModeration, paths.channelStaff(3)].map(cacheable)).toEqual([false, false, false]);
  });

  it('marks the pages a reader reads before acting: the feed, an article, its history, an author, Explore Channels', () => {
    const reading = (path: string) => pageOf(path).handles.some((handle) => handle.reading);
    expect([paths.home, paths.article(5), paths.articleHistory(5, 'a-title'), paths.author('ada'), paths.channels].map(reading)).toEqual([true, true, true, true, true]);
    // A channel's page shows a signed-out reader only the sign-in prompt, which needs the app.
    expect([paths.channel(3), paths.auth, paths.profile, paths.newArticle, '/nope'].map(reading)).toEqual([false, false, false, false, false]);
  });
});

describe('the review queue’s route', () => {
  it('is a private page that sends signed-out readers to sign-in and back', async () => {
    expect(pageOf(paths.channelQueue(3)).page).toBe('channel-queue');
    expect(pageOf(paths.channelQueue(3)).handles.some((handle) => handle.cacheable)).toBe(false);
    expect(await redirectOf(paths.channelQueue(3), null)).toBe('/auth?next=%2Fchannels%2F3%2Fqueue');
  }, 60_000);
});
