import { useState } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { formatCount } from '@contract/formats';
import { REACTION_MESSAGES } from '@contract/reaction-rules';
import { AppButton } from '@/components/app-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { AuthRequiredDialog } from '@/components/auth-required-dialog';
import { cn } from '@/lib/utils';
import { useReact } from '../api/react';
import { nextReaction, reactionToastTitle, type ReactionState } from '../lib/next-reaction';


/**
 * Like and Dislike with their counts and the reader's choice pressed (docs/product.md#comments).
 * The click shows its effect at once and is rolled back if the server refuses it.
 */
export function ReactionButtons({
  articleId,
  likes,
  dislikes,
  userReaction,
  signedIn,
  locked = false,
  className,
}: ReactionState & {
  articleId: number;
  signedIn: boolean;
  /** The reader is banned from the article's channel (said above its comments): the buttons show the counts, disabled. */
  locked?: boolean;
  className?: string;
}) {
  const [authOpen, setAuthOpen] = useState(false);
  // What the buttons show while a reaction is on its way (or just answered); cleared whenever
  // fresh numbers arrive from the article.
  const [local, setLocal] = useState<ReactionState | null>(null);
  const [seen, setSeen] = useState<ReactionState>({ likes, dislikes, userReaction });
  if (seen.likes !== likes || seen.dislikes !== dislikes || seen.userReaction !== userReaction) {
    setSeen({ likes, dislikes, userReaction });
    setLocal(null);
  }
  const shown = local ?? { likes, dislikes, userReaction };
  const react = useReact(articleId);

  function onReact(isLike: boolean) {
    if (!signedIn) {
      setAuthOpen(true);
      return;
    }
    if (react.isPending) return;
    const before = local;
    setLocal(nextReaction(shown, isLike));
    react.mutate(isLike, {
      onSuccess: (result) => {
        setLocal({ likes: result.like_count, dislikes: result.dislike_count, userReaction: result.user_reaction });
        toast({ title: reactionToastTitle(result.user_reaction) });
      },
      onError: (error) => {
        setLocal(before);
        if (error instanceof ApiError && error.status === 401) setAuthOpen(true);
        // A refusal with a reason (a reader banned from the channel) says it; anything else is the product's words.
        else if (error instanceof ApiError && error.status === 403 && error.message) toast({ title: 'Error', description: error.message, variant: 'destructive' });
        else toast({ title: 'Error', description: 'Failed to process reaction', variant: 'destructive' });
      },
    });
    // Offline, the reaction waits (TanStack Query holds it until the browser is back online): say so.
    // Its answer then brings the usual toast, or 'Failed to process reaction'.
    if (!onlineManager.isOnline()) {
      toast({ title: 'You are offline', description: `Your ${isLike ? 'like' : 'dislike'} will be sent when the connection is back.` });
    }
  }

  const buttons = [
    { isLike: true, label: 'Like', count: shown.likes, icon: ThumbsUpIcon, pressed: shown.userReaction === true },
    { isLike: false, label: 'Dislike', count: shown.dislikes, icon: ThumbsDownIcon, pressed: shown.userReaction === false },
  ];
  return (
    <div className={cn('flex items-center gap-2', className)} role="group" aria-label="Reactions">
      {buttons.map(({ isLike, label, count, icon: Icon, pressed }) => (
        <AppButton
          key={label}
          signedIn={signedIn}
          variant={pressed ? 'default' : 'outline'}
          aria-pressed={pressed}
          disabled={locked}
          onClick={() => onReact(isLike)}
          className="min-w-24"
        >
          <Icon aria-hidden="true" className={cn(pressed && 'fill-current')} />
          <span>{label}</span>{' '}
          <span className="tabular-nums" data-testid={`${label.toLowerCase()}-count`}>
            {formatCount(count)}
          </span>
        </AppButton>
      ))}
      <AuthRequiredDialog description={REACTION_MESSAGES.signIn} open={authOpen} onOpenChange={setAuthOpen} />
    </div>
  );
}
