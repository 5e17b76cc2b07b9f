import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { isCommentEditable } from '@contract/comment-rules';
import { MODERATION_MESSAGES } from '@contract/moderation-rules';
import type { Comment } from '@contract/comments';
import { paths } from '@contract/paths';
import { OnDemand } from '@/components/on-demand';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePagePreferences } from '@/lib/page-preferences';
import { fullDate, relativeTime } from '../lib/relative-time';
import { commentAuthorName } from '../lib/comment-author';
import { CommentContent } from './comment-content';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadDeleteDialog = () => import('./delete-comment-dialog');
const DeleteCommentDialog = lazyWithRetry(loadDeleteDialog);
// The edit form (the form library and the comment's schema) loads when its author presses Edit.
const EditCommentForm = lazyWithRetry(() => import('./edit-comment-form').then((m) => ({ default: m.EditCommentForm })));

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
  isOwn = false,
  locked = false,
}: {
  comment: Comment;
  now: number;
  articleAuthorId?: number;
  actions?: ReactNode;
  /** The signed-in reader wrote it (and the app runs): Edit while it is editable. */
  isOwn?: boolean;
  /** The reader is banned from the channel: Edit is there, disabled. */
  locked?: boolean;
}) {
  const username = commentAuthorName(comment);
  const imported = !comment.deleted && comment.author?.kind === 'imported';
  const remote = !comment.deleted && comment.author?.kind === 'fediverse' ? comment.author : null;
  const { timeZone } = usePagePreferences();
  const [editing, setEditing] = useState(false);
  const editable = isOwn && isCommentEditable(comment, now);
  // A hidden comment reaches everyone but its author and the moderators as the moderator's sentence;
  // those few read the words themselves, marked.
  const hiddenForAll = comment.status === 'hidden' && comment.content === MODERATION_MESSAGES.hiddenText;
  const hiddenButShown = comment.status === 'hidden' && !hiddenForAll && !comment.deleted;
  // Leaving the form (saved or cancelled) gives the focus back to Edit, where the reader was.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const edit = editable && !editing && (
    <Button ref={editButton} variant="ghost" size="sm" disabled={locked} onClick={() => setEditing(true)}>
      <PencilIcon aria-hidden="true" />
      Edit
    </Button>
  );
  const content = (
    <CommentContent
      text={comment.content}
      className={cn(
        'mt-1 break-words whitespace-pre-wrap',
        (comment.deleted || hiddenForAll) && 'text-muted-foreground italic',
        (comment.status === 'pending' || hiddenButShown) && 'text-muted-foreground',
      )}
    />
  );
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
        ) : remote?.url && /^https?:\/\//.test(remote.url) ? (
          // A reply from the fediverse: its author's profile on their own server, which vouches for nothing here.
          <a
            href={remote.url}
            rel="nofollow ugc noopener"
            className="rounded-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {username}
          </a>
        ) : (
          <span className={cn('font-semibold', comment.deleted && 'font-normal text-muted-foreground')}>{username}</span>
        )}
        {remote?.handle && <span className="break-all text-muted-foreground">{remote.handle}</span>}
        {imported && (
          <Badge variant="outline" title="Brought over from the channel's earlier site">
            Imported
          </Badge>
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
        {comment.status === 'pending' && !comment.deleted && <Badge variant="outline">{MODERATION_MESSAGES.awaitingApproval}</Badge>}
        {hiddenButShown && <Badge variant="outline">Hidden by a moderator</Badge>}
        {comment.editedAt && !comment.deleted && (
          <span className="text-muted-foreground" title={fullDate(comment.editedAt, timeZone)}>
            (edited)
          </span>
        )}
      </div>
      {editing ? (
        <Suspense fallback={content}>
          <EditCommentForm comment={comment} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        content
      )}
      {(actions || edit) && (
        <div className="mt-1 -ml-3 flex flex-wrap items-center gap-1">
          {edit}
          {actions}
        </div>
      )}
    </div>
  );
}
