import { Link } from 'react-router';
import { CompassIcon, UsersIcon } from 'lucide-react';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePopularChannels } from '../api/channels';
import { pluralize } from '../lib/text';

/**
 * The 'Popular Channels' column (docs/product.md#feed): by subscriber count, highest first, the
 * signed-in reader's own channels left out (the server does both), with 'Explore Channels'.
 */
export function PopularChannels({ limit = LIMITS.popularChannelsInMenu }: { limit?: number }) {
  const { data, isPending, isError } = usePopularChannels(limit);
  const channels = data?.items ?? [];
  return (
    <Card className="gap-4" aria-labelledby="popular-channels-heading" role="region">
      <CardHeader>
        <CardTitle id="popular-channels-heading">Popular Channels</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading channels" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Channels could not be loaded.</p>
        ) : channels.length === 0 ? (
          <p className="text-sm text-muted-foreground">No channels yet</p>
        ) : (
          <ul className="grid grid-cols-1 gap-1">
            {channels.map((channel) => (
              <li key={channel.id}>
                <Link
                  to={paths.channel(channel.id)}
                  className="flex items-baseline justify-between gap-3 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {/* The column is narrow: a long name wraps rather than losing its end. */}
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{channel.name}</span>
                  <span className="flex shrink-0 items-center gap-1 text-xs whitespace-nowrap text-muted-foreground">
                    <UsersIcon className="size-3" aria-hidden="true" />
                    {pluralize(channel.subscriberCount, 'subscriber')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.channels}>
            <CompassIcon aria-hidden="true" />
            Explore Channels
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
