import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { createRouteMatcher } from './route-matcher';
import { routes } from './router';

/** What a match list says, without the route objects' elements: which route, params and paths. */
function summary(matches: ReturnType<typeof matchRoutes>) {
  const name = (route: RouteObject) => JSON.stringify(route.handle ?? null) + (route.path ?? (route.index ? '(index)' : '(layout)'));
  return matches?.map((match) => ({ route: name(match.route), params: { ...match.params }, pathname: match.pathname, base: match.pathnameBase })) ?? null;
}

const PAGE_PATHS = [
  '/',
  '',
  '/auth',
  '/AUTH/',
  '/auth-callback',
  '/channels',
  '/channels/',
  '/channels/new',
  '/channels/3',
  '/channels/harbour-desk/3',
  '/channels/3/subscribers',
  '/channels/3/analytics',
  '/channels/3/articles/new',
  '/channels/3/subscribers/x',
  '/articles/new',
  '/articles/late-ferry-7',
  '/articles/caf%C3%A9-society-9',
  '/articles/a%2Fb-9',
  '/articles/%E0%A4%A',
  '/articles/7/edit',
  '/articles/7/edit/',
  '/profile',
  '/admin',
  '/admin/x',
  '/reset-password',
  '/confirm-email',
  '/unsubscribe',
  '/nope',
  '/channels//3',
  '/a/b/c/d',
];

describe('the compiled route matcher', () => {
  it("answers every page path as React Router's matchRoutes does", () => {
    const match = createRouteMatcher(routes);
    for (const path of PAGE_PATHS) {
      expect(summary(match(path)), path).toEqual(summary(matchRoutes(routes, path)));
    }
  });

  it('follows React Router on optional segments, splats, case and sibling order', () => {
    const table: RouteObject[] = [
      {
        path: 'docs',
        children: [
          { index: true, handle: 'docs index' },
          { path: ':lang?/guide', handle: 'guide' },
          { path: 'files/*', handle: 'files' },
          { path: 'Exact', caseSensitive: true, handle: 'exact' },
          { path: ':slug', handle: 'first slug' },
          { path: ':other', handle: 'second slug' },
        ],
      },
      { path: 'x/y?', handle: 'optional static' },
      { path: '*', handle: 'anything' },
    ];
    const match = createRouteMatcher(table);
    for (const path of ['/docs', '/docs/', '/docs/en/guide', '/docs/guide', '/docs/files', '/docs/files/a/b.txt', '/docs/Exact', '/docs/exact', '/docs/slug', '/x', '/x/y', '/x/z', '/zzz/q']) {
      expect(summary(match(path)), path).toEqual(summary(matchRoutes(table, path)));
    }
  });
});
