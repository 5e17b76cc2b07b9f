import { describe, expect, it } from 'vitest';
import { articleIdFromSegment, paths, safeReturnPath } from './paths.js';

describe('article URLs', () => {
  it.each([
    ['my-first-story-42', 42],
    ['42', 42],
    ['2026-budget-vote-7', 7],
    ['story-with-trailing-', null],
    ['no-id', null],
    ['0', null],
    ['99999999999', null],
  ])('reads the id of /articles/%s as %s', (segment, id) => {
    expect(articleIdFromSegment(segment)).toBe(id);
  });

  it('builds canonical links that read back to the same id', () => {
    expect(paths.article(42, 'my-story')).toBe('/articles/my-story-42');
    expect(paths.article(42)).toBe('/articles/42');
    expect(articleIdFromSegment(paths.article(42, 'my-story').split('/').pop()!)).toBe(42);
  });
});

describe('where sign-in returns to', () => {
  it.each([
    ['/articles/budget-vote-7', '/articles/budget-vote-7'],
    ['/?sort=likes&direction=desc', '/?sort=likes&direction=desc'],
    ['/articles/story-4#comments', '/articles/story-4#comments'],
    ['/users/ada.lovelace', '/users/ada.lovelace'],
  ])('keeps a page of this site: %s', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });

  it.each([null, undefined, '', 'https://evil.example/', '//evil.example', '/\\evil.example', '/\t/evil.example', '\\\\evil.example', 'javascript:alert(1)', 'articles/5', '/auth', '/auth?next=/auth'])(
    'sends anything else home: %j',
    (next) => {
      expect(safeReturnPath(next)).toBe('/');
    },
  );

  it.each(['/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x', '/%2E%2E//evil.example', '/a/..//evil.example', '/./\\evil.example', '/.\\/evil.example', '/.//evil.example', '/x/../..//evil.example?y=1#z'])(
    'sends home a path whose dot segments resolve to another host: %j',
    (next) => {
      expect(safeReturnPath(next)).toBe('/');
    },
  );

  it('still resolves harmless dot segments to a page of this site', () => {
    expect(safeReturnPath('/articles/./story-4')).toBe('/articles/story-4');
    expect(safeReturnPath('/a/../profile')).toBe('/profile');
  });

  it('builds the sign-in address that carries it', () => {
    expect(paths.signIn('/articles/5?x=1')).toBe('/auth?next=%2Farticles%2F5%3Fx%3D1');
    expect(paths.signIn()).toBe('/auth');
    expect(paths.author('ada.lovelace')).toBe('/users/ada.lovelace');
  });
});
