import { Link } from 'react-router';
import { HistoryIcon } from 'lucide-react';
import { CORRECTION_KIND_LABELS, correctionDate } from '@contract/correction-lines';
import type { ArticleCorrection } from '@contract/corrections';
import { usePagePreferences } from '@/lib/page-preferences';

/**
 * After the article's text: its corrections, clarifications and updates, oldest first
 * ("Correction, 29 November 2026: …"), and the way to its history when there is one to read.
 */
export function ArticleCorrections({
  corrections,
  historyPath,
  className,
}: {
  corrections: ArticleCorrection[];
  /** The history page, when the public record has more than one revision. */
  historyPath: string | null;
  className?: string;
}) {
  const { timeZone } = usePagePreferences();
  if (corrections.length === 0 && !historyPath) return null;
  return (
    <section aria-label="Corrections" className={className} data-testid="article-corrections">
      {corrections.length > 0 && (
        <ul className="space-y-3 border-l-4 border-highlight pl-4">
          {corrections.map((correction) => (
            <li key={correction.revision} className="font-serif text-base leading-relaxed">
              <strong className="font-semibold">
                {CORRECTION_KIND_LABELS[correction.kind]},{' '}
                <time dateTime={correction.createdAt}>{correctionDate(correction.createdAt, timeZone)}</time>:
              </strong>{' '}
              {correction.text}
            </li>
          ))}
        </ul>
      )}
      {historyPath && (
        <p className={corrections.length > 0 ? 'mt-4' : undefined}>
          <Link
            to={historyPath}
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <HistoryIcon className="size-4" aria-hidden="true" />
            View history
          </Link>
        </p>
      )}
    </section>
  );
}
