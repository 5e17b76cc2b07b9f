import { describe, expect, it } from 'vitest';
import { articleIdFromSegment, isClientRoute, paths } from './paths.js';

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

describe('client routes', () => {
  it.each(['/', '/auth', '/profile', '/channels', '/channels/new', '/channels/3', '/channels/tech-news/3', '/channels/3/subscribers', '/channels/3/articles/new', '/articles/new', '/articles/a-story-5', '/articles/5/edit', '/admin', '/auth-callback'])(
    'knows %s',
    (path) => expect(isClientRoute(path)).toBe(true),
  );
  it.each(['/nope', '/articles', '/channels/3/nope', '/admin/x'])('does not know %s', (path) => expect(isClientRoute(path)).toBe(false));
});
