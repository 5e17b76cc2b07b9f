import { ShieldAlertIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Why a moderator took the article down (its `moderationNote`), shown above the editor and on the
 * article to those the server gives it: its author (it is back in their drafts, and only a
 * moderator can publish it again), the channel's owner and admins (`forAuthor` false).
 */
export function ModerationNote({ note, className, forAuthor = true }: { note: string | null; className?: string; forAuthor?: boolean }) {
  if (!note) return null;
  return (
    <div role="alert" className={cn('flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm', className)}>
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="space-y-1">
        <p className="font-semibold">A moderator removed this article</p>
        <p className="break-words whitespace-pre-line">{note}</p>
        <p className="text-muted-foreground">
          {forAuthor
            ? 'It is back in your drafts. You can edit it, but only a moderator can publish it again.'
            : 'Removed: readers cannot see it. It is back in its author’s drafts until a moderator publishes it again.'}
        </p>
      </div>
    </div>
  );
}
