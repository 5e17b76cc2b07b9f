import { memo, Suspense, useCallback, useEffect, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useActionData, useFetcher, useLocation, useSearchParams } from 'react-router';
import { BanIcon, ReplyIcon } from 'lucide-react';
import { COMMENT_MESSAGES } from '@contract/comment-rules';
import type { Article } from '@contract/articles';
import type { Comment } from '@contract/comments';
import { dateFormat } from '@contract/formats';
import { MODERATION_MESSAGES } from '@contract/moderation-rules';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { lazyWithRetry } from '@/lib/chunk-retry';
import { usePagePreferences } from '@/lib/page-preferences';
import { useHydrated } from '@/lib/use-hydrated';
import { useCommentThreads } from '../api/comments';
import type { CommentActionResult } from '../api/post-comment-action';
import { CommentBody, DeleteCommentButton } from './comment-body';
import { BAN_NOTICE_ID, CommentFormFields, commentFormClassName, type ReplyTarget } from './comment-form-fields';
import { ThreadReplies } from './thread-replies';
import { commentAuthorName } from '../lib/comment-author';

/**
 * The current time, moved on every half minute so 'just now' grows into '1 minute ago'. It starts
 * at the moment the server rendered the page, so the hydrating render prints what the server
 * printed, and moves to the browser's clock right after.
 */
function useNow(intervalMs = 30_000): number {
  const { renderedAt } = usePagePreferences();
  const [now, setNow] = useState(() => renderedAt || Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * A signed-in reader's form (comment-form.tsx, with the form library and the comment's schema) is
 * its own chunk: a signed-out reader's page never loads it. Memoized on its props (all kept
 * stable), so a re-render of the section while the chunk loads during hydration does not reach
 * the boundary that keeps the server's markup (React would give it up and show the fallback).
 */
const CommentForm = lazyWithRetry(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));
const SignedInCommentForm = memo(function SignedInCommentForm(props: ComponentProps<typeof CommentForm>) {
  return (
    <Suspense fallback={<LoadingCommentForm replyTo={props.replyTo} locked={props.locked} />}>
      <CommentForm {...props} />
    </Suspense>
  );
});

/** While a signed-in reader's form loads (opening the article in the app): the same form, not yet taking input. */
function LoadingCommentForm({ replyTo, locked }: { replyTo: ReplyTarget | null; locked: boolean }) {
  const id = useId();
  return (
    <div className={commentFormClassName(replyTo)}>
      <CommentFormFields fieldId={id} replyTo={replyTo} locked={locked} ready={false} textarea={{ name: 'content', readOnly: true }} />
    </div>
  );
}

/**
 * A signed-out reader's form: Post says to sign in (a browser alert); without JavaScript the same
 * form posts to the page, whose action answers with the refusal, shown under the box.
 */
function SignedOutCommentForm({ locked }: { locked: boolean }) {
  const id = useId();
  const fetcher = useFetcher<CommentActionResult>();
  const refusedOnServer = useActionData() as CommentActionResult | undefined;
  const refusal = refusedOnServer && !refusedOnServer.ok && refusedOnServer.parentId === null ? refusedOnServer.error : null;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        window.alert(COMMENT_MESSAGES.signIn);
      }}
      className={commentFormClassName(null)}
      noValidate
    >
      <CommentFormFields fieldId={id} replyTo={null} locked={locked} error={refusal} textarea={{ name: 'content' }} />
    </fetcher.Form>
  );
}


/** 'until March 3, 2026' in the reader's zone (as the channel's list of bans writes it), or 'for good'. */
function banEnd(until: string | null, timeZone: string): string {
  const date = until === null ? null : new Date(until);
  if (!date || Number.isNaN(date.getTime())) return 'for good';
  return `until ${dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date)}`;
}

/**
 * The comments of an article (docs/product.md#comments): anchor 'comments', heading 'Comments (N)', two
 * levels, Reply on top-level comments for signed-in readers, Delete for the author and admins.
 */
export function CommentsSection({
  articleId,
  articleAuthorId,
  currentUserId,
  isAdmin = false,
  commentCount,
  commentsClosed = false,
  ban = null,
  reportAction,
  unhideAction,
  className,
}: {
  articleId: number;
  articleAuthorId?: number;
  /** The signed-in reader's id, or null when signed out. */
  currentUserId: number | null;
  isAdmin?: boolean;
  /** The article's count, shown until the first page of threads has loaded. */
  commentCount?: number;
  /** The channel takes no new comments (moderation): the form gives way to a sentence saying so. */
  commentsClosed?: boolean;
  /**
   * The reader's ban in the channel (the article's viewerBan): said once above the comments, and the
   * box, Reply and Edit are disabled, so no refusal is the first the reader hears of it.
   */
  ban?: Article['viewerBan'];
  /** What the page adds to another reader's comment (Report), composed in from its own feature. */
  reportAction?: (comment: Comment) => ReactNode;
  /** What the page adds to a hidden comment a moderator reads in full (Unhide). */
  unhideAction?: (comment: Comment) => ReactNode;
  className?: string;
}) {
  const comments = useCommentThreads(articleId);
  const now = useNow();
  const { timeZone } = usePagePreferences();
  const locked = ban !== null;
  // `?replyTo={id}` opens a thread's reply form from the server's HTML: Reply is that link until the
  // app runs (JavaScript off included), a button after.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const linkedReply = Number(params.get('replyTo'));
  const [chosenReplyTo, setReplyTo] = useState<ReplyTarget | null>(() => {
    const thread = comments.data?.pages.flatMap((page) => page.items).find((t) => t.id === linkedReply);
    return thread ? { id: thread.id, username: commentAuthorName(thread) } : null;
  });
  const [revealedThreads, setRevealedThreads] = useState<ReadonlySet<number>>(() => new Set());
  const signedIn = currentUserId !== null;
  // Signed in, the reader comes back to this article's comments.
  const { pathname, search } = useLocation();
  const signInPath = paths.signIn(`${pathname}${search}#comments`);
  const threads = useMemo(() => comments.data?.pages.flatMap((page) => page.items) ?? [], [comments.data]);
  // Reply mode ends by itself if the comment replied to is deleted meanwhile.
  const replyTo = signedIn && chosenReplyTo && threads.some((t) => t.id === chosenReplyTo.id && !t.deleted) ? chosenReplyTo : null;
  // The count read with the threads, so heading and list change together after a post or a delete.
  const count = comments.data?.pages[0]?.commentCount ?? commentCount ?? 0;

  // A comment the channel holds for approval is not in the list for anyone else yet: say so.
  const [heldNotice, setHeldNotice] = useState(false);
  const onPosted = useCallback((parentId: number | null, pending: boolean) => {
    setHeldNotice(pending);
    setReplyTo(null);
    // The reply is the thread's newest: its thread shows every reply from now on.
    if (parentId !== null) setRevealedThreads((shown) => new Set(shown).add(parentId));
  }, []);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  const form = signedIn ? (
    <SignedInCommentForm key={replyTo?.id ?? 'comment'} locked={locked} replyTo={replyTo} onCancelReply={cancelReply} onPosted={onPosted} />
  ) : (
    <SignedOutCommentForm locked={locked} />
  );
  // 'Show more comments' moves the focus to the first thread it added: the button may be gone (the
  // last page), and a keyboard reader goes on reading where the new threads begin.
  const [firstNewThread, setFirstNewThread] = useState<number | null>(null);
  const focusFirstNewThread = useCallback((item: HTMLLIElement | null) => item?.focus(), []);
  async function showMore() {
    const shown = threads.length;
    const pagesBefore = comments.data?.pages.length ?? 0;
    const result = await comments.fetchNextPage();
    const pages = result.data?.pages ?? [];
    if (!result.isError && pages.length > pagesBefore && (pages.at(-1)?.items.length ?? 0) > 0) setFirstNewThread(shown);
  }
  const canDelete = (comment: Comment) => !comment.deleted && signedIn && (comment.user?.id === currentUserId || isAdmin);
  // Editing is the app's (a JSON request): offered once it runs, to the author alone.
  const isOwn = (comment: Comment) => hydrated && signedIn && comment.user?.id === currentUserId;
  // Another reader's comment that everyone can read may be reported (not one's own, not a removed one).
  // A hidden comment whose words reach a reader who did not write it: that reader moderates it.
  const reportFor = (comment: Comment) =>
    !signedIn || comment.deleted || comment.user === null || comment.user.id === currentUserId
      ? null
      : comment.status === 'published'
        ? reportAction?.(comment)
        : comment.status === 'hidden' && comment.content !== MODERATION_MESSAGES.hiddenText
          ? unhideAction?.(comment)
          : null;
  const canReply = signedIn && !commentsClosed;

  return (
    <section id="comments" aria-labelledby="comments-heading" className={cn('scroll-mt-20 space-y-6', className)}>
      <h2 id="comments-heading" className="font-serif text-2xl font-semibold">
        Comments ({count})
      </h2>
      {ban && (
        <p id={BAN_NOTICE_ID} className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
          <BanIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            This account cannot take part in this channel {banEnd(ban.until, timeZone)}: you can read the comments, but not comment,
            reply, edit or react.
          </span>
        </p>
      )}
      {heldNotice && (
        <p role="status" className="rounded-md border border-dashed px-3 py-2 text-sm">
          Your comment is awaiting approval. Others will see it once a moderator approves it.
        </p>
      )}
      {commentsClosed ? (
        <p className="text-muted-foreground">{MODERATION_MESSAGES.commentsClosed}</p>
      ) : (
        !replyTo && form
      )}
      {!signedIn && !commentsClosed && (
        <p className="text-sm text-muted-foreground">
          <Link to={signInPath} className="font-medium text-primary underline underline-offset-2">
            Log in
          </Link>{' '}
          to join the conversation.
        </p>
      )}

      {comments.isPending ? (
        <Spinner label="Loading comments" />
      ) : comments.isError ? (
        <p className="text-sm text-destructive">Comments could not be loaded.</p>
      ) : threads.length === 0 ? (
        <p className="text-muted-foreground">No comments yet. Be the first to share your thoughts.</p>
      ) : (
        <ol className="space-y-6" aria-label="Comments">
          {threads.map((thread, index) => (
            <li
              key={thread.id}
              // The address a moderator's queue links to (`#comment-{id}`).
              id={`comment-${thread.id}`}
              ref={index === firstNewThread ? focusFirstNewThread : undefined}
              tabIndex={index === firstNewThread ? -1 : undefined}
              className="scroll-mt-20 border-b pb-5 outline-none last:border-b-0 focus-visible:ring-2 focus-visible:ring-ring/60"
              aria-label={`Comment by ${commentAuthorName(thread)}`}
            >
              <CommentBody
                comment={thread}
                now={now}
                articleAuthorId={articleAuthorId}
                isOwn={isOwn(thread)}
                locked={locked}
                actions={
                  (signedIn && !thread.deleted) || canDelete(thread) ? (
                    <>
                      {canReply && !thread.deleted && thread.status !== 'pending' && hydrated && (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={locked}
                          onClick={() => setReplyTo({ id: thread.id, username: commentAuthorName(thread) })}
                        >
                          <ReplyIcon aria-hidden="true" />
                          Reply
                        </Button>
                      )}
                      {canReply && !thread.deleted && thread.status !== 'pending' && !hydrated && locked && (
                        <Button variant="ghost" size="sm" disabled>
                          <ReplyIcon aria-hidden="true" />
                          Reply
                        </Button>
                      )}
                      {canReply && !thread.deleted && thread.status !== 'pending' && !hydrated && !locked && (
                        <Button asChild variant="ghost" size="sm">
                          <Link to={`?replyTo=${thread.id}#comment-form-${thread.id}`} preventScrollReset>
                            <ReplyIcon aria-hidden="true" />
                            Reply
                          </Link>
                        </Button>
                      )}
                      {reportFor(thread)}
                      {canDelete(thread) && <DeleteCommentButton commentId={thread.id} />}
                    </>
                  ) : undefined
                }
              />
              <ThreadReplies
                thread={thread}
                now={now}
                articleAuthorId={articleAuthorId}
                canDelete={canDelete}
                reportFor={reportFor}
                isOwn={isOwn}
                locked={locked}
                revealAll={revealedThreads.has(thread.id)}
              />
              {replyTo?.id === thread.id && form}
            </li>
          ))}
        </ol>
      )}
      {comments.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
          <Button variant="outline" onClick={() => void showMore()} disabled={comments.isFetchingNextPage}>
            {comments.isFetchingNextPage && <Spinner className="[&_svg]:size-4" label="Loading more comments" />}
            Show more comments
          </Button>
          {comments.isFetchNextPageError && (
            <p role="alert" className="text-sm text-destructive">
              More comments could not be loaded. Try again.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
