import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChannelLogEntry } from '@contract/staff';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePagePreferences } from '@/lib/page-preferences';
import { channelLogQueryOptions } from '../api/staff-queries';
import { logDetail, logSentence, staffTime } from '../lib/format';

function LogLine({ entry }: { entry: ChannelLogEntry }) {
  const { timeZone } = usePagePreferences();
  const { actor, rest } = logSentence(entry);
  const detail = logDetail(entry, timeZone);
  return (
    <div className="flex flex-col gap-1 border-b pb-3 text-sm sm:flex-row sm:gap-4">
      <time dateTime={entry.at} className="shrink-0 text-muted-foreground sm:w-44">
        {staffTime(entry.at, timeZone)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <span className="font-semibold">{actor}</span> {rest}
        </p>
        {detail && <p className="mt-0.5 break-words text-muted-foreground">{detail}</p>}
      </div>
    </div>
  );
}

/** What happened in the channel, newest first (owner and editors): staff changes, reviews, publications, moderation. */
export function ChannelLog({ channelId }: { channelId: number }) {
  const query = useInfiniteQuery(channelLogQueryOptions(channelId));
  if (query.isPending) return <Spinner label="Loading the log" />;
  if (query.isError && !query.data) return <p className="text-sm text-destructive">{query.error.message || 'The log could not be loaded.'}</p>;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="py-6 text-muted-foreground">Nothing has happened in this channel yet.</p>;
  return (
    <div className="space-y-4">
      <ul aria-label="Channel log" className="space-y-4">
        {items.map((entry, index) => (
          // A log line has no id of its own; the list only ever grows at its end ('Load more').
          <li key={`${entry.at}-${entry.action}-${index}`}>
            <LogLine entry={entry} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage && <Spinner className="[&_svg]:size-4" label="Loading more" />}
            Load more
          </Button>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-destructive">
              More could not be loaded. Try again.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
