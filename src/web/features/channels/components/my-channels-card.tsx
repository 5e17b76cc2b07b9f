import { Link } from 'react-router';
import { PenSquareIcon, PlusIcon } from 'lucide-react';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSelectedChannel } from '@/lib/selected-channel';
import { useUserChannels } from '../api/channels';
import { createdChannelsText } from '../lib/text';

/** The profile's 'My Channels' card (docs/product.md#profile). */
export function MyChannelsCard({ userId }: { userId: number }) {
  const { data: channels, isPending, isError, error } = useUserChannels(userId);
  const { selectedChannelId } = useSelectedChannel();
  const count = channels?.length ?? 0;
  const atLimit = count >= LIMITS.channelsPerUser;
  const writeTo = selectedChannelId !== null ? paths.newArticleInChannel(selectedChannelId) : paths.newArticle;

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>My Channels</CardTitle>
          {channels && <CardDescription data-testid="created-count">{createdChannelsText(count)}</CardDescription>}
        </div>
        <div className="flex flex-wrap gap-2">
          {atLimit ? (
            <Button disabled>
              <PlusIcon aria-hidden="true" />
              {count === 0 ? 'Create Channel' : 'Create Another Channel'}
            </Button>
          ) : (
            <Button asChild>
              <Link to={paths.newChannel}>
                <PlusIcon aria-hidden="true" />
                {count === 0 ? 'Create Channel' : 'Create Another Channel'}
              </Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={writeTo}>
              <PenSquareIcon aria-hidden="true" />
              Write Article
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading your channels" />
        ) : isError ? (
          <p className="text-muted-foreground">Your channels could not be loaded: {error.message}</p>
        ) : count === 0 ? (
          <div className="grid gap-2 rounded-md border border-dashed p-6 text-center">
            <p className="font-medium">Want to become a journalist or share interesting news? Create your own channel!</p>
            <p className="text-sm text-muted-foreground">Create your first channel to start sharing news and stories that matter to you.</p>
          </div>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Name
                  </th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">
                    Description
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Subscribers
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Articles
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {channels.map((channel) => (
                  <tr key={channel.id}>
                    <td className="px-3 py-2 font-medium">
                      <Link to={paths.channel(channel.id)} className="underline-offset-4 hover:underline">
                        {channel.name}
                      </Link>
                    </td>
                    <td className="hidden max-w-xs truncate px-3 py-2 text-muted-foreground md:table-cell">{channel.description}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{channel.subscriberCount}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{channel.articleCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
