import { STAFF_MESSAGES, type ArticleStatus } from '@contract/staff-rules';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Each status in its own colour, readable in light and dark (the text carries the meaning). */
const TONES: Record<ArticleStatus, string> = {
  draft: 'border-border bg-muted text-foreground',
  in_review: 'border-amber-600/40 bg-amber-100 text-amber-950 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-100',
  scheduled: 'border-sky-600/40 bg-sky-100 text-sky-950 dark:border-sky-400/40 dark:bg-sky-950 dark:text-sky-100',
  published: 'border-emerald-600/40 bg-emerald-100 text-emerald-950 dark:border-emerald-400/40 dark:bg-emerald-950 dark:text-emerald-100',
};

/** An article's place in the workflow (the Drafts tab, the review queue and the editor say it alike). */
export function StatusBadge({ status, className }: { status: ArticleStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[status], className)}>
      {STAFF_MESSAGES.statusLabels[status]}
    </Badge>
  );
}
