import { Link } from 'react-router';
import type { RevisionDiff } from '@contract/revisions';
import { proseClassName } from '@contract/prose';
import { cn } from '@/lib/utils';
import { selectionSearch } from '../lib/revision-links';

/**
 * What one revision changed from the one before it: the newer text with removed words in <del>
 * and added words in <ins> (the server's diff, sanitized like article HTML). Both keep their
 * meaning for screen readers, and read without colour: struck through and underlined.
 */
export function RevisionChanges({ number, diff }: { number: number; diff: RevisionDiff | null }) {
  return (
    <section aria-labelledby="revision-changes-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="revision-changes-heading" className="font-serif text-2xl font-bold">
          {diff ? `Changes in revision ${diff.to}` : `Revision ${number}`}
        </h2>
        <Link
          to={selectionSearch({ kind: 'version', number })}
          className="rounded-sm text-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          View this version
        </Link>
      </div>
      {diff ? (
        <>
          <p className="text-sm text-muted-foreground">
            Compared with revision {diff.from}. Added words are <ins className="revision-ins">underlined</ins>, removed words are{' '}
            <del className="revision-del">struck through</del>.
          </p>
          {diff.title.before !== diff.title.after && (
            <p className={cn('revision-diff font-serif text-xl font-bold')} data-testid="revision-title-change">
              <span className="sr-only">Title: </span>
              <del>{diff.title.before}</del> <ins>{diff.title.after}</ins>
            </p>
          )}
          {diff.changes.length > 0 && (
            <dl className="revision-diff grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="revision-field-changes">
              {diff.changes.map((change) => (
                <div key={change.field} className="contents">
                  <dt className="font-medium text-muted-foreground">{change.label}</dt>
                  <dd>
                    {change.before !== null && <del>{change.before}</del>} {change.after !== null ? <ins>{change.after}</ins> : <span className="text-muted-foreground">(none)</span>}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <div className={cn(proseClassName, 'revision-diff')} data-testid="revision-diff" dangerouslySetInnerHTML={{ __html: diff.html }} />
        </>
      ) : (
        <p className="text-muted-foreground">This is the first version in the record: there is nothing earlier to compare it with.</p>
      )}
    </section>
  );
}
