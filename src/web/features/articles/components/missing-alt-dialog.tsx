import { MEDIA_MESSAGES } from '@contract/media-rules';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** How many images of the editor's HTML have no alt text (none, or only spaces). */
export function missingAltInHtml(html: string): number {
  return (html.match(/<img\b[^>]*>/gi) ?? []).filter((tag) => !/\balt="[^"]*[^"\s][^"]*"/i.test(tag)).length;
}

/**
 * Asks before an article goes public with images that have no alt text: back to the editor (the
 * default, focused first) or publish anyway.
 */
export function MissingAltDialog({ count, onCancel, onConfirm }: { count: number; onCancel: () => void; onConfirm: () => void }) {
  return (
    <AlertDialog open={count > 0} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MEDIA_MESSAGES.missingAltTitle}</AlertDialogTitle>
          <AlertDialogDescription>{MEDIA_MESSAGES.missingAlt(count)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Go back and add alt text</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Publish anyway</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
