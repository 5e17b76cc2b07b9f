import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { Trash2Icon } from 'lucide-react';
import type { Comment } from '@contract/comments';
import { paths } from '@contract/paths';
import { OnDemand } from '@/components/on-demand';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePagePreferences } from '@/lib/page-preferences';
import { fullDate, relativeTime } from '../lib/relative-time';
import { CommentContent } from './comment-content';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadDeleteDialog = () => import('./delete-comment-dialog');
const DeleteCommentDialog = lazyWithRetry(loadDeleteDialog);

/** Delete, for the comment's author and admins: the confirmation dialog's code loads on first use. */
export function DeleteCommentButton({ commentId }: { commentId: number }) {
  const trigger = (
    <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive" aria-haspopup="dialog">
      <Trash2Icon aria-hidden="true" />
      Delete
    </Button>
  );
  return <OnDemand preload={loadDeleteDialog} trigger={trigger} render={(button) => <DeleteCommentDialog commentId={commentId} trigger={button} defaultOpen />} />;
}

export function CommentBody({
  comment,
  now,
  articleAuthorId,
  actions,
}: {
  comment: Comment;
  now: number;
  articleAuthorId?: number;
  actions?: ReactNode;
}) {
  const username = comment.user?.username || 'Anonymous';
  const { timeZone } = usePagePreferences();
  return (
    <div>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        {comment.user && !comment.deleted ? (
          <Link
            to={paths.author(comment.user.username)}
            className="rounded-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {username}
          </Link>
        ) : (
          <span className={cn('font-semibold', comment.deleted && 'font-normal text-muted-foreground')}>{username}</span>
        )}
        {!comment.deleted && articleAuthorId !== undefined && comment.user?.id === articleAuthorId && (
          <Badge variant="secondary">Author</Badge>
        )}
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        <time dateTime={comment.created_at || undefined} title={fullDate(comment.created_at, timeZone)} className="text-muted-foreground">
          {relativeTime(comment.created_at, now)}
        </time>
      </div>
      <CommentContent
        text={comment.content}
        className={cn('mt-1 break-words whitespace-pre-wrap', comment.deleted && 'text-muted-foreground italic')}
      />
      {actions && <div className="mt-1 -ml-3 flex flex-wrap items-center gap-1">{actions}</div>}
    </div>
  );
}
