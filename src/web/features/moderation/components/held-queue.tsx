import { Link } from 'react-router';
import { CheckIcon, XIcon } from 'lucide-react';
import type { HeldComment } from '@contract/moderation';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import { useDecideHeld, useHeldComments } from '../api/moderation';
import { moderationTime } from '../lib/format';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { PagedList } from '@/components/paged-list';

const CAUSES: Record<HeldComment['cause'], string> = {
  hold_first: 'First comment in the channel',
  blocked_word: 'Contains a blocked word',
};

function HeldCommentCard({ comment }: { comment: HeldComment }) {
  const { timeZone } = usePagePreferences();
  const decide = useDecideHeld();
  const headingId = `held-${comment.id}`;
  const approve = () =>
    decide.mutate(
      { commentId: comment.id, decision: 'approve' },
      {
        onSuccess: () => toast({ title: 'Comment approved' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
      },
    );
  return (
    <article aria-labelledby={headingId} className="rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <h3 id={headingId} className="font-semibold">
          <Link to={paths.author(comment.author.username)} className="underline-offset-4 hover:underline">
            {comment.author.username}
          </Link>
        </h3>
        <span className="text-muted-foreground">on</span>
        <Link to={comment.url} className="font-medium underline-offset-4 hover:underline">
          {comment.articleTitle}
        </Link>
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        <time dateTime={comment.createdAt} className="text-muted-foreground">
          {moderationTime(comment.createdAt, timeZone)}
        </time>
        <Badge variant="secondary">{CAUSES[comment.cause]}</Badge>
      </div>
      <p className="mt-2 break-words whitespace-pre-wrap">{comment.content}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={approve} disabled={decide.isPending} aria-describedby={headingId}>
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
        <ConfirmAction
          trigger={
            <Button variant="destructive" size="sm" aria-describedby={headingId}>
              <XIcon aria-hidden="true" />
              Reject
            </Button>
          }
          title="Reject this comment?"
          description="The comment is deleted and never shown. This cannot be undone."
          confirm="Reject comment"
          onConfirm={() => decide.mutateAsync({ commentId: comment.id, decision: 'reject' }).then(() => toast({ title: 'Comment rejected' }))}
        />
      </div>
    </article>
  );
}

/** Comments waiting for approval, oldest first: the queue is worked from its start. */
export function HeldQueue({ channelId }: { channelId: number | null }) {
  const query = useHeldComments(channelId);
  return (
    <PagedList
      query={query}
      label="Held comments"
      empty="No comments are waiting for approval."
      itemKey={(comment) => comment.id}
      renderItem={(comment) => <HeldCommentCard comment={comment} />}
    />
  );
}
