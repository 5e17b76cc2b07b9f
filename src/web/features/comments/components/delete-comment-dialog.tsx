import type { ReactElement } from 'react';
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
import { toast } from '@/components/ui/use-toast';
import { useDeleteComment } from '../api/comments';

/** The delete confirmation of a comment, loaded on first use (see comments-section.tsx). */
export default function DeleteCommentDialog({ commentId, trigger, defaultOpen }: { commentId: number; trigger: ReactElement; defaultOpen?: boolean }) {
  const remove = useDeleteComment();
  return (
    <AlertDialog defaultOpen={defaultOpen}>
      <AlertDialogTrigger asChild disabled={remove.isPending}>
        {trigger}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this comment?</AlertDialogTitle>
          <AlertDialogDescription>The comment will be removed for everyone. This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() =>
              remove.mutate(commentId, {
                onSuccess: () => toast({ title: 'Comment deleted' }),
                onError: (error) =>
                  toast({ title: 'Error', description: error.message || 'Failed to delete comment', variant: 'destructive' }),
              })
            }
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
