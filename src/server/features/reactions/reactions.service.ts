import { ARTICLE_MESSAGES } from '../../../contract/articles.js';
import type { ReactionResult } from '../../../contract/reactions.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { notFound } from '../../lib/errors.js';
import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { ReactionsRepository } from './reactions.repository.js';

export function createReactionsService(deps: {
  reactions: ReactionsRepository;
  articles: Pick<ArticlesRepository, 'ownership'>;
  now?: () => number;
  /** Told of each committed write (the response cache drops the answers that show it). */
  written?: (tags: readonly string[]) => void;
  /** A reader banned from the article's channel cannot react there (moderation service). */
  moderation?: Pick<ModerationService, 'assertNotBanned'>;
}) {
  const { reactions, articles } = deps;
  const now = deps.now ?? Date.now;

  return {
    /**
     * Likes or dislikes an article; the same reaction again removes it, the other one switches
     * (docs/product.md#data). Drafts exist only for their author, so anyone else gets 404.
     * The counts answered are the displayed ones: real reactions plus the admin boost.
     */
    async react(articleId: number, reader: SessionUser, isLike: boolean): Promise<ReactionResult> {
      const owner = await articles.ownership(articleId);
      if (!owner || (owner.published !== 1 && owner.user_id !== reader.id)) throw notFound(ARTICLE_MESSAGES.notFound);
      await deps.moderation?.assertNotBanned(reader, owner.channel_id);
      const outcome = await reactions.react(reader.id, articleId, isLike, now());
      if (!outcome) throw notFound(ARTICLE_MESSAGES.notFound);
      deps.written?.([CACHE_TAGS.article(articleId), CACHE_TAGS.articleLists]);
      const { counters, reaction } = outcome;
      return {
        like_count: counters.like_count + counters.like_boost,
        dislike_count: counters.dislike_count + counters.dislike_boost,
        user_reaction: reaction,
      };
    },
  };
}
export type ReactionsService = ReturnType<typeof createReactionsService>;
