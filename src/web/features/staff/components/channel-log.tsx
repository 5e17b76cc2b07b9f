import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChannelLogEntry } from '@contract/staff';
import { LogLine } from '@/components/log-line';
import { PagedList } from '@/components/paged-list';
import { usePagePreferences } from '@/lib/page-preferences';
import { channelLogQueryOptions } from '../api/staff-queries';
import { logDetail, logSentence, staffTime } from '../lib/format';

function ChannelLogLine({ entry }: { entry: ChannelLogEntry }) {
  const { timeZone } = usePagePreferences();
  const { actor, rest } = logSentence(entry);
  return (
    <LogLine at={entry.at} time={staffTime(entry.at, timeZone)} detail={logDetail(entry, timeZone)}>
      <span className="font-semibold">{actor}</span> {rest}
    </LogLine>
  );
}

/** What happened in the channel, newest first (owner and editors): staff changes, reviews, publications, moderation. */
export function ChannelLog({ channelId }: { channelId: number }) {
  const query = useInfiniteQuery(channelLogQueryOptions(channelId));
  return (
    <PagedList
      query={query}
      label="Channel log"
      loadingLabel="Loading the log"
      failed="The log could not be loaded."
      empty="Nothing has happened in this channel yet."
      // A log line has no id of its own; the list only ever grows at its end ('Load more').
      itemKey={(entry, index) => `${entry.at}-${entry.action}-${index}`}
      renderItem={(entry) => <ChannelLogLine entry={entry} />}
    />
  );
}
