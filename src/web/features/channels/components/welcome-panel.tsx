import { Link } from 'react-router';
import { BellIcon, CheckIcon, CompassIcon, XIcon } from 'lucide-react';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { SITE_NAME } from '@/lib/site';
import { AppButton } from '@/components/app-button';
import { Button } from '@/components/ui/button';
import { usePopularChannels } from '../api/channels';
import { useSubscriptionActions } from '../api/subscriptions';
import { useWelcome } from '../api/welcome';
import { pluralize } from '../lib/text';

/**
 * What a new account finds on its feed (docs/product.md#welcome): a welcome, the most followed
 * channels with Subscribe, and Explore Channels, until the reader dismisses it for good.
 */
export function WelcomePanel({ userId, username }: { userId: number; username: string }) {
  const { show, dismiss } = useWelcome(userId);
  const { data } = usePopularChannels(LIMITS.popularChannelsInMenu);
  const { subscribe, isPending } = useSubscriptionActions();
  if (!show) return null;
  const channels = data?.items ?? [];
  return (
    <section
      aria-labelledby="welcome-heading"
      data-testid="welcome-panel"
      className="relative mt-6 rounded-lg border border-primary/30 bg-primary/5 p-5 sm:p-6"
    >
      <AppButton signedIn variant="ghost" size="icon" className="absolute top-2 right-2" aria-label="Dismiss welcome" onClick={dismiss}>
        <XIcon aria-hidden="true" />
      </AppButton>
      <h2 id="welcome-heading" className="pr-10 font-serif text-2xl font-bold">
        Welcome to {SITE_NAME}, {username}
      </h2>
      <p className="mt-1 text-muted-foreground">Subscribe to a few channels and their newest articles will fill your feed.</p>
      {channels.length > 0 && (
        <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Channels to subscribe to">
          {channels.map((channel) => (
            <li key={channel.id} className="flex min-w-0 items-center justify-between gap-3 rounded-md border bg-background px-3 py-2">
              <div className="min-w-0">
                <Link to={paths.channel(channel.id)} className="block truncate font-medium underline-offset-4 hover:underline">
                  {channel.name}
                </Link>
                <p className="text-xs text-muted-foreground">{pluralize(channel.subscriberCount, 'subscriber')}</p>
              </div>
              {channel.isSubscribed ? (
                <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-muted-foreground">
                  <CheckIcon className="size-4" aria-hidden="true" />
                  Subscribed
                </span>
              ) : (
                <AppButton signedIn size="sm" disabled={isPending} aria-label={`Subscribe to ${channel.name}`} onClick={() => subscribe(channel)}>
                  <BellIcon aria-hidden="true" />
                  Subscribe
                </AppButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.channels}>
            <CompassIcon aria-hidden="true" />
            Explore Channels
          </Link>
        </Button>
      </div>
    </section>
  );
}
