import { Link } from 'react-router';
import { CORRECTION_KIND_LABELS } from '@contract/correction-lines';
import { REVISION_MESSAGES, type RevisionListItem } from '@contract/revisions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePagePreferences } from '@/lib/page-preferences';
import { cn } from '@/lib/utils';
import { formatRecordTime } from '../lib/format-record-date';
import { selectionSearch, type HistorySelection } from '../lib/revision-links';

/**
 * The revisions, newest first: when, by whom, the correction an edit carried; each opens what it
 * changed. Revisions before publication or while a draft (only their staff see them) say so.
 */
export function RevisionList({
  revisions,
  selected,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  revisions: RevisionListItem[];
  selected: HistorySelection | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { timeZone } = usePagePreferences();
  return (
    <div>
      <ol className="divide-y rounded-md border" aria-label="Revisions">
        {revisions.map((revision) => {
          const current = selected?.number === revision.number;
          return (
            <li key={revision.number} className={cn('space-y-1 p-3 text-sm', current && 'bg-muted')}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <Link
                  to={selectionSearch({ kind: 'changes', number: revision.number })}
                  aria-current={current ? 'true' : undefined}
                  className="rounded-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Revision {revision.number}
                </Link>
                {!revision.published && (
                  <Badge variant="outline" className="border-highlight text-highlight">
                    Not public
                  </Badge>
                )}
              </div>
              <p className="text-muted-foreground">
                <time dateTime={revision.createdAt}>{formatRecordTime(revision.createdAt, timeZone)}</time>
                {' · '}
                {revision.editor ? `by ${revision.editor.username}` : 'by a deleted account'}
              </p>
              {revision.correction && (
                <p>
                  <span className="font-semibold">{CORRECTION_KIND_LABELS[revision.correction.kind]}:</span> {revision.correction.text}
                </p>
              )}
              {revision.redaction && (
                <p className="text-muted-foreground italic">
                  {REVISION_MESSAGES.redacted}: {revision.redaction.reason}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {hasMore && (
        <Button variant="outline" className="mt-3 w-full" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load older revisions'}
        </Button>
      )}
    </div>
  );
}
