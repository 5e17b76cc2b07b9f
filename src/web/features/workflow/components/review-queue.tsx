import { useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarXIcon, CheckIcon, MessageSquareWarningIcon, SendIcon } from 'lucide-react';
import '@/lib/zod-jitless';
import { paths } from '@contract/paths';
import { RequestChangesSchema, type QueueItem, type RequestChanges as RequestChangesValues } from '@contract/staff';
import { STAFF_LIMITS } from '@contract/staff-rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { usePublishNow, useReviewArticle, useSchedule } from '../api/workflow';
import { useFormatArticleDate } from '@/lib/format-date';
import { StatusBadge } from '@/components/status-badge';

export const QUEUE_TEXT = {
  empty: 'Nothing is waiting: no article is in review or scheduled.',
  approve: 'Approve',
  requestChanges: 'Request changes',
  publishNow: 'Publish now',
  unschedule: 'Unschedule',
  noteLabel: 'What needs to change',
  sendBack: 'Send back to the writer',
} as const;

/**
 * The channel's review queue (docs/product.md#newsroom): articles in review and scheduled ones, with
 * their author, time and last edit. The owner and editors approve, send back with a note, publish
 * now or unschedule; writers read it. `headingRef` takes the focus when an article leaves the list
 * under the reader's hand (its buttons go with it).
 */
export function ReviewQueue({ items, canReview, headingRef }: { items: QueueItem[]; canReview: boolean; headingRef: RefObject<HTMLHeadingElement | null> }) {
  if (items.length === 0) return <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">{QUEUE_TEXT.empty}</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label="Articles in review and scheduled">
      {items.map((item) => (
        <QueueRow key={item.id} item={item} canReview={canReview} headingRef={headingRef} />
      ))}
    </ul>
  );
}

function QueueRow({ item, canReview, headingRef }: { item: QueueItem; canReview: boolean; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const formatDate = useFormatArticleDate();
  const review = useReviewArticle();
  const publishNow = usePublishNow();
  const schedule = useSchedule();
  const busy = review.isPending || publishNow.isPending || schedule.isPending;
  const titleId = useId();

  const run = (action: () => Promise<unknown>, done: string, fallback: string) => {
    action().then(
      () => {
        toast({ title: done });
        headingRef.current?.focus();
      },
      (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) }),
    );
  };

  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" aria-labelledby={titleId}>
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={item.status} />
          {/* Under the page's h1, each article heads its own part of the list. */}
          <h2 id={titleId} className="min-w-0 font-serif text-lg leading-snug font-semibold break-words">
            <Link to={paths.editArticle(item.id)} className="underline-offset-4 hover:underline focus-visible:underline">
              {item.title || 'Untitled draft'}
            </Link>
          </h2>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>By</dt>
            <dd>
              <Link to={paths.author(item.author.username)} className="text-foreground underline-offset-4 hover:underline">
                {item.author.username}
              </Link>
            </dd>
          </div>
          {item.publishAt && (
            <div className="flex gap-1">
              <dt>{item.status === 'scheduled' ? 'Goes out' : 'Wanted for'}</dt>
              <dd>
                <time dateTime={item.publishAt} className="text-foreground">
                  {formatDate(item.publishAt, { withTime: true })}
                </time>
              </dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt>Last edit</dt>
            <dd>
              <time dateTime={item.lastEdited}>{formatDate(item.lastEdited, { withTime: true })}</time>
            </dd>
          </div>
        </dl>
      </div>
      {canReview && (
        <div className="flex flex-wrap gap-2 sm:justify-end" role="group" aria-label={`Actions for ${item.title || 'Untitled draft'}`}>
          {item.status === 'in_review' && (
            <>
              <Button
                size="sm"
                disabled={busy}
                onClick={() =>
                  run(
                    () => review.mutateAsync({ id: item.id, decision: 'approve' }),
                    item.publishAt ? 'Approved: it goes out at its time' : 'Approved and published',
                    'Failed to approve the article.',
                  )
                }
              >
                <CheckIcon aria-hidden="true" />
                {QUEUE_TEXT.approve}
              </Button>
              <RequestChanges item={item} disabled={busy} headingRef={headingRef} />
            </>
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => publishNow.mutateAsync(item.id), 'Article published', 'Failed to publish the article.')}>
            <SendIcon aria-hidden="true" />
            {QUEUE_TEXT.publishNow}
          </Button>
          {item.status === 'scheduled' && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() =>
                run(() => schedule.mutateAsync({ id: item.id, publishAt: null }), 'Article unscheduled: it is a draft again', 'Failed to unschedule the article.')
              }
            >
              <CalendarXIcon aria-hidden="true" />
              {QUEUE_TEXT.unschedule}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** 'Request changes': a dialog with the note the writer will read in the editor (required). */
export function RequestChanges({ item, disabled, headingRef }: { item: Pick<QueueItem, 'id' | 'title'>; disabled?: boolean; headingRef?: RefObject<HTMLHeadingElement | null> }) {
  const review = useReviewArticle();
  const [open, setOpen] = useState(false);
  const form = useForm<RequestChangesValues>({ resolver: zodResolver(RequestChangesSchema), defaultValues: { note: '' } });
  const error = form.formState.errors.note?.message;
  const sent = useRef(false);
  const ids = { note: useId(), error: useId() };

  const send = form.handleSubmit(async ({ note }) => {
    try {
      await review.mutateAsync({ id: item.id, decision: 'request_changes', note });
      sent.current = true;
      toast({ title: 'Sent back to the writer' });
      setOpen(false);
      form.reset();
    } catch (failure) {
      form.setError('note', { message: errorMessage(failure, 'Failed to send the article back.') });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) sent.current = false;
        else form.clearErrors();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          <MessageSquareWarningIcon aria-hidden="true" />
          {QUEUE_TEXT.requestChanges}
        </Button>
      </DialogTrigger>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          form.setFocus('note');
        }}
        onCloseAutoFocus={(event) => {
          // Sent, the article leaves the queue with the button that opened this: the queue's heading takes the focus.
          if (sent.current && headingRef?.current) {
            event.preventDefault();
            headingRef.current.focus();
          }
        }}
      >
        <Form onSubmit={(event) => void send(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{QUEUE_TEXT.requestChanges}</DialogTitle>
            <DialogDescription>
              &ldquo;{item.title || 'Untitled draft'}&rdquo; goes back to its writer as a draft, with your note above the editor.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.note}>{QUEUE_TEXT.noteLabel}</Label>
            <Textarea
              id={ids.note}
              rows={4}
              required
              aria-required="true"
              maxLength={STAFF_LIMITS.reviewNoteMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              className="min-h-24"
              {...form.register('note')}
            />
            {error && (
              <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={review.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={review.isPending}>
              {review.isPending && <Spinner className="[&_svg]:size-4" label="Sending" />}
              {QUEUE_TEXT.sendBack}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
