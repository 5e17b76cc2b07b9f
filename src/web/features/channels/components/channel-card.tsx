import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { BellIcon, CheckIcon, UsersIcon } from 'lucide-react';
import type { Channel } from '@contract/channels';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { AppButton } from '@/components/app-button';
import { useSubscriptionActions } from '../api/subscriptions';
import { pluralize } from '../lib/text';

/**
 * One channel on Explore (docs/product.md#channels): name, subscriber count, description, and Subscribe,
 * 'Your channel' or 'Subscribed'. The whole card opens the channel (the name's link is stretched
 * over it); a signed-out reader gets the sign-in dialog instead, for opening and for subscribing.
 */
export function ChannelCard({
  channel,
  currentUserId,
  onAuthRequired,
}: {
  channel: Channel;
  currentUserId: number | null;
  onAuthRequired: () => void;
}) {
  const { subscribe, isPending } = useSubscriptionActions();
  const signedIn = currentUserId !== null;
  const isOwner = signedIn && channel.userId === currentUserId;

  const open = (event: MouseEvent) => {
    if (signedIn) return;
    event.preventDefault();
    onAuthRequired();
  };

  return (
    <article className="relative flex flex-col gap-3 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-foreground/30">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-serif text-xl leading-tight font-semibold">
          <Link
            to={paths.channel(channel.id)}
            onClick={open}
            className="outline-none after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline"
          >
            {channel.name}
          </Link>
        </h2>
        {channel.category && <Badge variant="secondary">{channel.category}</Badge>}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <UsersIcon className="size-4" aria-hidden="true" />
        {pluralize(channel.subscriberCount, 'subscriber')}
      </p>
      <p className="line-clamp-3 flex-1 text-sm">{channel.description}</p>
      <div className="relative z-10 flex">
        {isOwner ? (
          <Badge variant="outline">Your channel</Badge>
        ) : channel.isSubscribed ? (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <CheckIcon className="size-4" aria-hidden="true" />
            Subscribed
          </span>
        ) : (
          <AppButton
            signedIn={signedIn}
            size="sm"
            disabled={isPending}
            aria-label={`Subscribe to ${channel.name}`}
            onClick={() => (signedIn ? subscribe(channel) : onAuthRequired())}
          >
            <BellIcon aria-hidden="true" />
            Subscribe
          </AppButton>
        )}
      </div>
    </article>
  );
}
