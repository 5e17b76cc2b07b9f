import { RotateCcwIcon } from 'lucide-react';
import type { Article } from '@contract/articles';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRestoreRevision } from '../api/revisions';

/**
 * 'Restore this version', after a confirmation (Radix's AlertDialog: focus starts on Cancel and
 * returns to the button). The article is saved again with this revision's words, as a new revision.
 */
export function RestoreRevision({
  articleId,
  number,
  onRestored,
}: {
  articleId: number;
  number: number;
  /** With the article as restored (its title, so its address, may have changed). */
  onRestored: (article: Article) => void;
}) {
  const restore = useRestoreRevision(articleId);
  const confirm = () =>
    restore.mutate(number, {
      onSuccess: (article) => {
        toast({ title: 'Version restored' });
        onRestored(article);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: error instanceof ApiError && error.message ? error.message : 'Failed to restore this version.',
        }),
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={restore.isPending}>
          <RotateCcwIcon aria-hidden="true" />
          Restore this version
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Restore revision {number}?</AlertDialogTitle>
          <AlertDialogDescription>
            The article will read as it did in revision {number}: its title, text, categories and place. This is saved as a new revision,
            and the history keeps every version.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Restore</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
