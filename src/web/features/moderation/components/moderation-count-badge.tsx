import { useModerationCounts } from '../api/moderation';
import { countsLabel } from '../lib/format';

/**
 * What waits in a channel's moderation (open reports, held comments), beside its name in the
 * owner's channel menu; nothing when nothing waits. Sighted readers see the number, screen readers
 * hear what it counts ("3 reports, 1 held").
 */
export function ModerationCountBadge({ channelId }: { channelId: number }) {
  const counts = useModerationCounts(true);
  const channel = counts.data?.channels.find((entry) => entry.channelId === channelId);
  if (!channel || channel.reports + channel.held === 0) return null;
  return (
    <span className="ml-auto inline-flex shrink-0 items-center rounded-full bg-destructive px-1.5 text-xs font-semibold text-white tabular-nums">
      <span aria-hidden="true">{channel.reports + channel.held}</span>
      <span className="sr-only">{countsLabel(channel.reports, channel.held)}</span>
    </span>
  );
}
