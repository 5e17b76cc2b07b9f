import { describe, expect, it } from 'vitest';
import { nextReaction, reactionToastTitle } from './next-reaction';

describe('nextReaction', () => {
  const none = { likes: 10, dislikes: 4, userReaction: null };

  it('sets, takes back and switches', () => {
    const liked = nextReaction(none, true);
    expect(liked).toEqual({ likes: 11, dislikes: 4, userReaction: true });
    expect(nextReaction(liked, true)).toEqual(none);
    const switched = nextReaction(liked, false);
    expect(switched).toEqual({ likes: 10, dislikes: 5, userReaction: false });
    expect(nextReaction(switched, true)).toEqual(liked);
    expect(nextReaction(switched, false)).toEqual(none);
  });

  it('never shows a negative count, even from stale numbers', () => {
    expect(nextReaction({ likes: 0, dislikes: 0, userReaction: true }, true)).toEqual({ likes: 0, dislikes: 0, userReaction: null });
    expect(nextReaction({ likes: 0, dislikes: 0, userReaction: false }, true)).toEqual({ likes: 1, dislikes: 0, userReaction: true });
  });
});

describe('reactionToastTitle', () => {
  it('titles the toast by the reaction the reader now has', () => {
    expect(reactionToastTitle(true)).toBe('Article liked!');
    expect(reactionToastTitle(false)).toBe('Article disliked!');
    expect(reactionToastTitle(null)).toBe('Reaction removed');
  });
});
