import { useCallback, useEffect, useRef } from 'react';
import { HistoryIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';

/**
 * Asks before unsaved work is left: in-app navigation (links, the logo, Back) gets a dialog; closing
 * or reloading the tab gets the browser's own question. `active` is read when a navigation starts,
 * so a Cancel or a save that navigates in the same tick can switch it off first (`release`).
 */
export function useUnsavedWorkGuard(active: boolean) {
  const activeRef = useRef(active);
  activeRef.current = active;
  const blocker = useBlocker(
    useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => activeRef.current && currentLocation.pathname !== nextLocation.pathname, []),
  );

  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);

  const release = useCallback(() => {
    activeRef.current = false;
  }, []);

  return { blocker, release };
}

/** The question of an in-app navigation away from unsaved work. */
export function LeaveUnsavedDialog({ blocker }: { blocker: Blocker }) {
  const open = blocker.state === 'blocked';
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            Your article is not saved yet. A copy stays in this browser, and this page offers it back when you return (images
            are not kept).
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay</AlertDialogCancel>
          <Button variant="destructive" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
            Leave
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The offer of an unsent article kept in this browser. */
export function RestoreUnsentNotice({ savedAt, onRestore, onDiscard }: { savedAt: number; onRestore: () => void; onDiscard: () => void }) {
  const when = new Date(savedAt).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-dashed bg-muted/40 px-4 py-3 text-sm">
      <HistoryIcon className="size-4 text-muted-foreground" aria-hidden="true" />
      <p className="flex-1">
        You have unsaved work on this article from <time dateTime={new Date(savedAt).toISOString()}>{when}</time>, kept in this browser.
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
