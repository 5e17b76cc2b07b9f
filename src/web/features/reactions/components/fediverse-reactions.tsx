import { cn } from '@/lib/utils';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Likes and boosts the article received on the fediverse (Mastodon and the rest), beside the site's
 * own likes and apart from them: nothing when there are none.
 */
export function FediverseReactions({ likes, announces, className }: { likes: number; announces: number; className?: string }) {
  if (likes <= 0 && announces <= 0) return null;
  const parts = [likes > 0 ? count(likes, 'like', 'likes') : null, announces > 0 ? count(announces, 'boost', 'boosts') : null].filter(Boolean);
  return (
    <p className={cn('text-sm text-muted-foreground', className)} data-testid="fediverse-reactions">
      {parts.join(' and ')} from the fediverse
    </p>
  );
}
