import { describe, expect, it } from 'vitest';
import { articleIdFromSegment, paths } from './paths.js';

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
