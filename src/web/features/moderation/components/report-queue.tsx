import { Link } from 'react-router';
import { CheckIcon, EyeIcon, EyeOffIcon, Trash2Icon } from 'lucide-react';
import { MODERATION_LIMITS, REPORT_REASONS } from '@contract/moderation-rules';
import type { ReportGroup } from '@contract/moderation';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import { useReportQueue, useResolveReports } from '../api/moderation';
import { REASON_LABELS } from '../lib/fields';
import { moderationTime } from '../lib/format';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { PagedList } from '@/components/paged-list';

const KIND: Record<ReportGroup['targetType'], string> = { article: 'Article', comment: 'Comment', user: 'Profile' };

function failed(error: unknown) {
  toast({ variant: 'destructive', title: 'Error', description: error instanceof Error ? error.message : 'An unknown error occurred.' });
}

/** One reported thing: what it is (linked in context), whose, why and how often, and what to do with it. */
function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { timeZone } = usePagePreferences();
  const resolve = useResolveReports();
  const act = (action: 'dismiss' | 'hide' | 'unhide' | 'remove', reason: string | null = null) =>
    resolve.mutateAsync({ targetType: group.targetType, targetId: group.targetId, action, reason });
  const done = (title: string) => toast({ title });
  const kind = KIND[group.targetType].toLowerCase();
  const headingId = `report-${group.targetType}-${group.targetId}`;

  return (
    <article aria-labelledby={headingId} className="rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{KIND[group.targetType]}</Badge>
        {group.hidden && <Badge variant="secondary">Hidden</Badge>}
        <span className="font-semibold">
          {group.count} {group.count === 1 ? 'report' : 'reports'}
        </span>
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        <span className="text-muted-foreground">
          latest <time dateTime={group.latestAt}>{moderationTime(group.latestAt, timeZone)}</time>
        </span>
      </div>
      <h3 id={headingId} className="mt-2 font-serif text-lg leading-snug break-words">
        <Link to={group.url} className="underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
          {group.excerpt || `(empty ${kind})`}
        </Link>
      </h3>
      {group.author && (
        <p className="mt-1 text-sm text-muted-foreground">
          by{' '}
          <Link to={paths.author(group.author.username)} className="font-medium text-foreground underline-offset-4 hover:underline">
            {group.author.username}
          </Link>
        </p>
      )}
      <ul aria-label="Reasons" className="mt-3 flex flex-wrap gap-1.5">
        {REPORT_REASONS.filter((reason) => group.reasons[reason] > 0).map((reason) => (
          <li key={reason}>
            <Badge variant="secondary">
              {REASON_LABELS[reason]}: {group.reasons[reason]}
            </Badge>
          </li>
        ))}
      </ul>
      {group.notes.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Notes from readers</p>
          <ul className="mt-1 space-y-1 text-sm">
            {group.notes.map((note, index) => (
              <li key={index} className="border-l-2 pl-3 break-words whitespace-pre-line">
                {note}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={resolve.isPending}
          onClick={() => void act('dismiss').then(() => done('Reports dismissed'), failed)}
        >
          <CheckIcon aria-hidden="true" />
          Dismiss
        </Button>
        {group.targetType === 'comment' && !group.hidden && (
          <ConfirmAction
            trigger={
              <Button variant="destructive" size="sm">
                <EyeOffIcon aria-hidden="true" />
                Hide
              </Button>
            }
            title="Hide this comment?"
            description="Readers will see “This comment was removed by a moderator.” in its place. Its author still sees it, and its replies stay."
            confirm="Hide comment"
            withReason
            reasonMax={MODERATION_LIMITS.reasonMax}
            onConfirm={(reason) => act('hide', reason).then(() => done('Comment hidden'))}
          />
        )}
        {group.targetType === 'comment' && group.hidden && (
          <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => void act('unhide').then(() => done('Comment shown again'), failed)}>
            <EyeIcon aria-hidden="true" />
            Unhide
          </Button>
        )}
        {group.targetType === 'article' && (
          <ConfirmAction
            trigger={
              <Button variant="destructive" size="sm">
                <Trash2Icon aria-hidden="true" />
                Remove
              </Button>
            }
            title="Remove this article?"
            description="It goes back to its author’s drafts with your reason, which they read in the editor. Only a moderator can publish it again."
            confirm="Remove article"
            withReason
            reasonMax={MODERATION_LIMITS.reasonMax}
            reasonLabel="Reason the author will read"
            onConfirm={(reason) => act('remove', reason).then(() => done('Article removed'))}
          />
        )}
        {group.targetType === 'user' && (
          <ConfirmAction
            trigger={
              <Button variant="destructive" size="sm">
                <Trash2Icon aria-hidden="true" />
                Remove bio
              </Button>
            }
            title="Remove this profile’s bio?"
            description="The bio is cleared from the author page. The account and its content stay."
            confirm="Remove bio"
            withReason
            reasonMax={MODERATION_LIMITS.reasonMax}
            onConfirm={(reason) => act('remove', reason).then(() => done('Bio removed'))}
          />
        )}
      </div>
    </article>
  );
}

/** Open reports, grouped by what they are about; `channelId` null is the whole site's queue (admins). */
export function ReportQueue({ channelId }: { channelId: number | null }) {
  const query = useReportQueue(channelId);
  return (
    <PagedList
      query={query}
      label="Open reports"
      empty="No open reports. Nothing needs your attention."
      itemKey={(group) => `${group.targetType}-${group.targetId}`}
      renderItem={(group) => <ReportGroupCard group={group} />}
    />
  );
}
