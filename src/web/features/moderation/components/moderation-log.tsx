import type { ModerationLogEntry } from '@contract/moderation';
import { PagedList } from '@/components/paged-list';
import { LogLine } from '@/components/log-line';
import { usePagePreferences } from '@/lib/page-preferences';
import { useModerationLog } from '../api/moderation';
import { moderationTime } from '../lib/format';

const ACTIONS: Record<ModerationLogEntry['action'], string> = {
  dismiss: 'dismissed the reports on',
  hide: 'hid',
  unhide: 'showed again',
  remove: 'removed',
  approve: 'approved',
  reject: 'rejected',
  ban: 'banned',
  unban: 'lifted the ban on',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
  settings: 'changed the moderation settings of',
};

const TARGETS: Record<ModerationLogEntry['target']['type'], string> = { article: 'article', comment: 'comment', user: 'user', channel: 'channel' };

function LogEntry({ entry }: { entry: ModerationLogEntry }) {
  const { timeZone } = usePagePreferences();
  return (
    <LogLine at={entry.at} time={moderationTime(entry.at, timeZone)} detail={entry.reason && `Reason: ${entry.reason}`}>
      <span className="font-semibold">{entry.actor.username}</span> {ACTIONS[entry.action]} {TARGETS[entry.target.type]}{' '}
      <span className="font-medium">“{entry.target.label}”</span>
    </LogLine>
  );
}

/** What moderators did, newest first; `channelId` null is the whole site's (admins). */
export function ModerationLog({ channelId }: { channelId: number | null }) {
  const query = useModerationLog(channelId);
  return (
    <PagedList
      query={query}
      label="Moderation log"
      empty="No moderation actions yet."
      itemKey={(entry) => entry.id}
      renderItem={(entry) => <LogEntry entry={entry} />}
    />
  );
}
