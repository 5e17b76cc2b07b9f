import { useCallback, useRef, useState } from 'react';
import { CloudIcon, CloudOffIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import type { Article } from '@contract/articles';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import type { ServerDraft } from '../api/server-draft';
import type { ArticleFormValues } from '@/lib/article-form';

/** A save's time as the status line shows it: hours and minutes in the reader's time zone ('12:04'). */
export function useSaveTime(): (iso: string) => string {
  const { timeZone } = usePagePreferences();
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso)),
    [timeZone],
  );
}

/**
 * The line under the editor that says where the work is: 'Saved 12:04', 'Saving…', or 'Offline,
 * saved on this device'; 'Discard draft changes' for a published article's pending edit; and the
 * question when another tab or device saved a newer version.
 */
export function EditorSaveStatus({ draft, toValues }: { draft: ServerDraft; toValues: (article: Article) => ArticleFormValues }) {
  const time = useSaveTime();
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { status } = draft;

  const act = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await work();
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      {/* Focusable from code only: it takes the focus after a discard, whose button goes with it. */}
      <p ref={statusRef} tabIndex={-1} role="status" data-testid="editor-save-status" className="flex items-center gap-1.5 outline-none">
        {status.kind === 'saving' && (
          <>
            <Loader2Icon className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Saving…
          </>
        )}
        {status.kind === 'saved' && (
          <>
            <CloudIcon className="size-3.5" aria-hidden="true" />
            Saved <time dateTime={status.at}>{time(status.at)}</time>
          </>
        )}
        {status.kind === 'offline' && (
          <>
            <CloudOffIcon className="size-3.5" aria-hidden="true" />
            Offline, saved on this device
          </>
        )}
        {status.kind === 'conflict' && (
          <>
            <TriangleAlertIcon className="size-3.5 text-destructive" aria-hidden="true" />
            Not saved: a newer version exists
          </>
        )}
        {status.kind === 'refused' && (
          <>
            <TriangleAlertIcon className="size-3.5 text-destructive" aria-hidden="true" />
            Not saved: {status.message}
          </>
        )}
      </p>
      {draft.pendingEdit && (
        // Discarding cannot be undone: the changes are on the server only, so it is asked first.
        <ConfirmAction
          trigger={
            <Button type="button" variant="link" size="sm" className="h-auto px-0 text-muted-foreground underline" disabled={busy}>
              Discard draft changes
            </Button>
          }
          title="Discard the draft changes?"
          description="The changes saved since this article was published are deleted, and the editor shows the published version again. This cannot be undone."
          confirm="Discard changes"
          onConfirm={async () => {
            try {
              await draft.discard(toValues);
            } catch {
              throw new Error('Failed to discard the draft changes.');
            }
          }}
          focusAfter={() => statusRef.current}
        />
      )}
      <AlertDialog open={draft.conflict !== null}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>A newer version was saved</AlertDialogTitle>
            <AlertDialogDescription>
              A newer version of this article was saved at{' '}
              {draft.conflict && <time dateTime={draft.conflict}>{time(draft.conflict)}</time>}, in another tab or on another device. Load it to
              continue from there, or keep editing here and overwrite it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => draft.overwrite()}>
              Keep editing and overwrite
            </Button>
            <Button type="button" disabled={busy} onClick={() => void act(() => draft.loadNewer(toValues), 'Failed to load the newer version.')}>
              Load the newer version
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
