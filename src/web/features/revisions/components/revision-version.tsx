import { Link } from 'react-router';
import { MapPinIcon } from 'lucide-react';
import type { Article } from '@contract/articles';
import { REVISION_MESSAGES, type Revision } from '@contract/revisions';
import { proseClassName } from '@contract/prose';
import { Badge } from '@/components/ui/badge';
import { usePagePreferences } from '@/lib/page-preferences';
import { formatRecordTime } from '../lib/format-record-date';
import { selectionSearch } from '../lib/revision-links';
import { RedactRevision } from './redact-revision';
import { RestoreRevision } from './restore-revision';

/** One revision as it was saved: its title, categories, place and text; its staff may restore it. */
export function RevisionVersion({
  articleId,
  revision,
  canRestore,
  canRedact,
  onRestored,
}: {
  articleId: number;
  revision: Revision;
  canRestore: boolean;
  /** An administrator may remove its content from the record. */
  canRedact: boolean;
  onRestored: (article: Article) => void;
}) {
  const { timeZone } = usePagePreferences();
  return (
    <section aria-labelledby="revision-version-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="revision-version-heading" className="font-serif text-2xl font-bold">
          Revision {revision.number} as saved
        </h2>
        <Link
          to={selectionSearch({ kind: 'changes', number: revision.number })}
          className="rounded-sm text-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Show what changed
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        Saved <time dateTime={revision.createdAt}>{formatRecordTime(revision.createdAt, timeZone)}</time>
        {revision.editor && ` by ${revision.editor.username}`}
      </p>
      {(canRestore || canRedact) && !revision.redaction && (
        <div className="flex flex-wrap gap-2">
          {canRestore && <RestoreRevision articleId={articleId} number={revision.number} onRestored={onRestored} />}
          {canRedact && <RedactRevision articleId={articleId} number={revision.number} />}
        </div>
      )}
      <div className="space-y-3 rounded-md border p-4 sm:p-6">
        <p className="font-serif text-2xl leading-tight font-bold sm:text-3xl" data-testid="revision-title">
          {revision.title}
        </p>
        {(revision.categories.length > 0 || revision.location) && (
          <div className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
            {revision.categories.map((category) => (
              <Badge key={category.id} variant="secondary">
                {category.name}
              </Badge>
            ))}
            {revision.location && (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Location: </span>
                {revision.location}
              </span>
            )}
          </div>
        )}
        {revision.redaction ? (
          <p className="text-muted-foreground italic">
            {REVISION_MESSAGES.redacted}: {revision.redaction.reason}
          </p>
        ) : (
          <div className={proseClassName} data-testid="revision-content" dangerouslySetInnerHTML={{ __html: revision.content }} />
        )}
      </div>
    </section>
  );
}
