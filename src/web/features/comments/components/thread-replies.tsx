import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import type { Comment, CommentThread } from '@contract/comments';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMoreReplies } from '../api/comments';
import { CommentBody, DeleteCommentButton } from './comment-body';
import { commentAuthorName } from '../lib/comment-author';

interface ThreadRepliesProps {
  thread: CommentThread;
  now: number;
  articleAuthorId?: number;
  canDelete: (comment: Comment) => boolean;
  /** Report where the reader may report the reply (or a moderator's Unhide beside a hidden one). */
  reportFor?: (comment: Comment) => ReactNode;
  /** The signed-in reader wrote it: Edit while it is editable. */
  isOwn?: (comment: Comment) => boolean;
  /** The reader is banned from the channel: Edit is there, disabled. */
  locked?: boolean;
  revealAll: boolean;
}

/**
 * A thread's replies: those its page of threads brought (the first REPLIES_PER_THREAD), then the
 * rest a page at a time with 'Show more replies'. `revealAll` (the reader has just replied to this
 * thread) reads every further page, so the reader's own reply, the newest, is not left hidden.
 */
export function ThreadReplies(props: ThreadRepliesProps) {
  // Most threads bring every reply: they hold no query, which would cost every render of the page.
  if (props.thread.repliesCursor === null) return <RepliesList {...props} replies={props.thread.replies} focusAt={null} />;
  return <ExpandableReplies {...props} />;
}

function ExpandableReplies({ thread, now, articleAuthorId, canDelete, reportFor, isOwn, locked, revealAll }: ThreadRepliesProps) {
  const [opened, setOpened] = useState(false);
  const expanded = opened || revealAll;
  const more = useMoreReplies(thread.id, thread.repliesCursor, expanded);
  const replies = useMemo(
    () => (expanded && more.data ? [...thread.replies, ...more.data.pages.flatMap((page) => page.items)] : thread.replies),
    [expanded, more.data, thread.replies],
  );
  const { hasNextPage, isFetching, fetchNextPage } = more;
  useEffect(() => {
    if (revealAll && hasNextPage && !isFetching) void fetchNextPage();
  }, [revealAll, hasNextPage, isFetching, fetchNextPage]);

  // As 'Show more comments': the focus goes to the first reply added, since the button may be gone.
  const [focusAt, setFocusAt] = useState<number | null>(null);
  function showMore() {
    setFocusAt(replies.length);
    if (!expanded) setOpened(true);
    // After a failed first read there is no page yet: fetchNextPage then reads the first one again.
    else void more.fetchNextPage();
  }

  const loading = expanded && (more.isPending || more.isFetchingNextPage);
  const failed = expanded && (more.isError || more.isFetchNextPageError);
  const hasMore = !expanded || loading || failed || more.hasNextPage;
  const errorId = `more-replies-error-${thread.id}`;
  return (
    <>
      <RepliesList
        thread={thread}
        replies={replies}
        now={now}
        articleAuthorId={articleAuthorId}
        canDelete={canDelete}
        reportFor={reportFor}
        isOwn={isOwn}
        locked={locked}
        focusAt={focusAt}
      />
      {hasMore && (
        // Indented as the replies are, the button's text under theirs: it belongs to this thread.
        <div className="mt-2 flex flex-col items-start gap-1 pl-4 sm:ml-2 sm:pl-6">
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 font-medium text-primary"
            onClick={showMore}
            disabled={loading}
            aria-describedby={failed ? errorId : undefined}
          >
            {loading ? <Spinner className="[&_svg]:size-4" label="Loading more replies" /> : <ChevronDownIcon aria-hidden="true" />}
            Show more replies
          </Button>
          {failed && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              More replies could not be loaded. Try again.
            </p>
          )}
        </div>
      )}
    </>
  );
}

function RepliesList({
  thread,
  replies,
  now,
  articleAuthorId,
  canDelete,
  reportFor,
  isOwn,
  locked,
  focusAt,
}: Pick<ThreadRepliesProps, 'thread' | 'now' | 'articleAuthorId' | 'canDelete' | 'reportFor' | 'isOwn' | 'locked'> & { replies: Comment[]; focusAt: number | null }) {
  const focusReply = useCallback((item: HTMLLIElement | null) => item?.focus(), []);
  if (replies.length === 0) return null;
  return (
    <ol className="mt-4 space-y-4 border-l-2 pl-4 sm:ml-2 sm:pl-6" aria-label={`Replies to ${commentAuthorName(thread)}`}>
      {replies.map((reply, index) => (
        <li
          key={reply.id}
          id={`comment-${reply.id}`}
          ref={index === focusAt ? focusReply : undefined}
          tabIndex={index === focusAt ? -1 : undefined}
          className="scroll-mt-20 outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
          aria-label={`Reply by ${commentAuthorName(reply)}`}
        >
          <CommentBody
            comment={reply}
            now={now}
            articleAuthorId={articleAuthorId}
            isOwn={isOwn?.(reply) ?? false}
            locked={locked}
            actions={
              canDelete(reply) || reportFor?.(reply) ? (
                <>
                  {reportFor?.(reply)}
                  {canDelete(reply) && <DeleteCommentButton commentId={reply.id} />}
                </>
              ) : undefined
            }
          />
        </li>
      ))}
    </ol>
  );
}
