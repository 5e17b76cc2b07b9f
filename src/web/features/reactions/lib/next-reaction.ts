export interface ReactionState {
  likes: number;
  dislikes: number;
  /** true = like, false = dislike, null = none. */
  userReaction: boolean | null;
}

/**
 * What a click does, predicted for the optimistic update (docs/product.md#data): the same reaction
 * again takes it back, the other one switches, none sets it. The server's answer replaces it.
 */
export function nextReaction(current: ReactionState, isLike: boolean): ReactionState {
  const like = (n: number) => ({ ...current, likes: Math.max(0, current.likes + n) });
  if (current.userReaction === isLike) {
    return isLike ? { ...like(-1), userReaction: null } : { ...current, dislikes: Math.max(0, current.dislikes - 1), userReaction: null };
  }
  let { likes, dislikes } = current;
  if (current.userReaction === true) likes = Math.max(0, likes - 1);
  if (current.userReaction === false) dislikes = Math.max(0, dislikes - 1);
  return isLike ? { likes: likes + 1, dislikes, userReaction: true } : { likes, dislikes: dislikes + 1, userReaction: false };
}

/** The toast for the reaction the reader now has (docs/product.md#comments). */
export function reactionToastTitle(userReaction: boolean | null): string {
  if (userReaction === null) return 'Reaction removed';
  return userReaction ? 'Article liked!' : 'Article disliked!';
}
