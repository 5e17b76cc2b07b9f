import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ReactionsRepository } from './reactions.repository.js';
import { createReactionsService } from './reactions.service.js';

/**
 * Reactions from the demo readers on every demo article, through the service so the counters are
 * the real ones. A fixed pattern (mostly likes, some dislikes, some no reaction) makes the like
 * and dislike sorts mean something; nobody reacts to their own article.
 */
export async function seedDemoReactions(
  deps: { reactions: ReactionsRepository; articles: ArticlesRepository },
  readers: SessionUser[],
  articles: { id: number; owner: number }[],
): Promise<number> {
  const service = createReactionsService({ reactions: deps.reactions, articles: deps.articles });
  let count = 0;
  for (const [i, article] of articles.entries()) {
    for (const [r, reader] of readers.entries()) {
      if (reader.id === article.owner) continue;
      const pick = (i * 7 + r * 3) % 6;
      if (pick >= 4) continue;
      await service.react(article.id, reader, pick !== 3);
      count++;
    }
  }
  return count;
}
