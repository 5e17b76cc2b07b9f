import type { ModerationLogEntry } from '@contract/moderation';
import { usePagePreferences } from '@/lib/page-preferences';
import { useModerationLog } from '../api/moderation';
import { moderationTime } from '../lib/format';
import { ModerationList } from './moderation-list';

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
    <div className="flex flex-col gap-1 border-b pb-3 text-sm sm:flex-row sm:gap-4">
      <time dateTime={entry.at} className="shrink-0 text-muted-foreground sm:w-44">
        {moderationTime(entry.at, timeZone)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <span className="font-semibold">{entry.actor.username}</span> {ACTIONS[entry.action]} {TARGETS[entry.target.type]}{' '}
          <span className="font-medium">“{entry.target.label}”</span>
        </p>
        {entry.reason && <p className="mt-0.5 break-words text-muted-foreground">Reason: {entry.reason}</p>}
      </div>
    </div>
  );
}

/** What moderators did, newest first; `channelId` null is the whole site's (admins). */
export function ModerationLog({ channelId }: { channelId: number | null }) {
  const query = useModerationLog(channelId);
  return (
    <ModerationList
      query={query}
      label="Moderation log"
      empty="No moderation actions yet."
      itemKey={(entry) => entry.id}
      renderItem={(entry) => <LogEntry entry={entry} />}
    />
  );
}
