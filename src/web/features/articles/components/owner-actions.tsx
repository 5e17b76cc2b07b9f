import { useNavigate } from 'react-router';
import { ArchiveIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { paths } from '@contract/paths';
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
import { useDeleteArticle, useToggleArticleStatus } from '../api/articles';

/** Which of the actions the viewer has (the newsroom's roles, lib/workflow.ts); all of them for the article's own author. */
export interface ArticleActionRights {
  edit: boolean;
  publish: boolean;
  delete: boolean;
}

const ALL: ArticleActionRights = { edit: true, publish: true, delete: true };

/**
 * The author's actions on the article page (docs/product.md#article): Edit, 'Publish' or 'Move to
 * Drafts', and Delete after a confirmation, then home. In a channel with staff (docs/product.md#newsroom) Publish and Move to Drafts are the owner's and editors'; a writer edits and deletes their own
 * article until it is published.
 */
export function OwnerActions({
  articleId,
  published,
  onEdit,
  rights = ALL,
}: {
  articleId: number;
  published: boolean;
  onEdit: () => void;
  rights?: ArticleActionRights;
}) {
  const navigate = useNavigate();
  const toggle = useToggleArticleStatus(articleId);
  const remove = useDeleteArticle(articleId);

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Article actions">
      {rights.edit && (
        <Button variant="outline" size="sm" onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      )}
      {rights.publish && (
        <Button variant="outline" size="sm" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
          {published ? <ArchiveIcon aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
          {published ? 'Move to Drafts' : 'Publish'}
        </Button>
      )}
      {rights.delete && (
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={remove.isPending}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this article?</AlertDialogTitle>
            <AlertDialogDescription>
              This removes the article with its comments, reactions and images. It cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate(paths.home, { replace: true }) })}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      )}
    </div>
  );
}
