import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon, SearchIcon, UserIcon } from 'lucide-react';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useSubscribers } from '../api/subscriptions';
import { subscribedPeopleText } from '../lib/text';

/**
 * Manage subscribers (docs/product.md#channels): the owner's list of who subscribes, searchable by username.
 * `refused` is the refusal the page's loader met (not the owner, no such channel): shown as is, on
 * the server and in the browser alike, and nothing is asked again.
 */
export function ChannelSubscribers({ channelId, refused: refusedBy = null }: { channelId: number | null; refused?: number | null }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const query = useSubscribers(refusedBy === null ? channelId : null);
  const status = refusedBy ?? (query.error instanceof ApiError ? query.error.status : null);
  const refused = status === 403 || status === 404 || channelId === null;

  useEffect(() => {
    // The thrown message (docs/product.md#channels); a refusal has its own message on the page instead.
    if (query.isError && !refused) {
      toast({ variant: 'destructive', title: 'Error loading subscribers', description: 'There was a problem fetching the subscriber data.' });
    }
  }, [query.isError, refused]);

  const subscribers = query.data?.subscribers ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? subscribers.filter((s) => (s.username ?? '').toLowerCase().includes(needle)) : subscribers;

  let body;
  if (channelId === null || status === 404) body = <Notice>{CHANNEL_MESSAGES.notFound}</Notice>;
  else if (status === 403) body = <Notice>{CHANNEL_MESSAGES.noPermission}</Notice>;
  else if (query.isError) body = <Notice>Error loading subscribers. Please try again later.</Notice>;
  else if (query.isPending) body = <div className="flex justify-center py-10"><Spinner label="Loading subscribers" /></div>;
  else if (!query.data.detailsAvailable) body = <Notice>Unable to load subscriber details</Notice>;
  else if (subscribers.length === 0) body = <Notice>No subscribers yet</Notice>;
  else if (shown.length === 0) body = <Notice>No subscribers match your search</Notice>;
  else
    body = (
      <ul className="divide-y rounded-md border" aria-label="Subscribers">
        {shown.map((subscriber) => (
          <li key={subscriber.id} className="flex items-center gap-3 px-4 py-3">
            <span className="flex size-8 items-center justify-center rounded-full bg-muted" aria-hidden="true">
              <UserIcon className="size-4 text-muted-foreground" />
            </span>
            <span className="font-medium">{subscriber.username || 'Unknown user'}</span>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <Button
        variant="ghost"
        size="icon"
        title="Return to Channel Profile"
        aria-label="Return to Channel Profile"
        onClick={() => void navigate(channelId === null ? paths.channels : paths.channel(channelId))}
      >
        <ArrowLeftIcon aria-hidden="true" />
      </Button>
      <Card className="mt-4">
        <CardHeader>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Subscribers</h1>
          {query.data && <CardDescription>{subscribedPeopleText(subscribers.length)}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {!refused && (
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              <Input
                type="search"
                aria-label="Search subscribers"
                placeholder="Search subscribers..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="pl-9"
              />
            </div>
          )}
          {body}
        </CardContent>
      </Card>
    </div>
  );
}

function Notice({ children }: { children: string }) {
  return <p className="py-8 text-center text-muted-foreground">{children}</p>;
}
