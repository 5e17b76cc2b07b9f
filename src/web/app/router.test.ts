import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { paths } from '@contract/paths';
import type { RouteHandle } from './page-data';
import { routes } from './router';

/** The page a path opens, by the route table: its module name and the handles on the way there. */
function pageOf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const handles = matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
  return { page: handles.findLast((handle) => handle.page)?.page, handles };
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
    expect(pageOf(paths.newArticle).page).toBe('article-new');
    expect(pageOf(paths.newArticleInChannel(3)).page).toBe('article-new');
    expect(pageOf(paths.article(5, 'a-story')).page).toBe('article');
    expect(pageOf(paths.editArticle(5)).page).toBe('article-edit');
  });

  it('answers anything else with the not-found page and status 404', () => {
    for (const path of ['/nope', '/channels/3/subscribers/x', '/admin/x']) {
      const { page, handles } = pageOf(path);
      expect(page).toBe('not-found');
      expect(handles.at(-1)?.status).toBe(404);
    }
  });

  it('guards the pages the spec keeps for signed-in readers and admins', () => {
    const access = (path: string) => pageOf(path).handles.find((handle) => handle.access)?.access;
    expect(access(paths.profile)).toEqual({ require: 'signed-in', redirectTo: '/auth' });
    expect(access(paths.newArticle)).toEqual({ require: 'signed-in', redirectTo: '/auth' });
    expect(access(paths.editArticle(5))).toEqual({ require: 'signed-in', redirectTo: '/' });
    expect(access(paths.admin)).toEqual({ require: 'admin', redirectTo: '/' });
    expect(access(paths.auth)).toEqual({ require: 'signed-out', redirectTo: '/' });
    expect(access(paths.article(5))).toBeUndefined();
  });

  it('lets anonymous readers share cached copies of the public reading pages only', () => {
    const cacheable = (path: string) => pageOf(path).handles.some((handle) => handle.cacheable);
    expect([paths.home, paths.article(5), paths.channels].map(cacheable)).toEqual([true, true, true]);
    expect([paths.auth, paths.channel(3), paths.profile, '/nope'].map(cacheable)).toEqual([false, false, false, false]);
  });
});
