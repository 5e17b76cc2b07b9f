import type { ComponentProps, Ref } from 'react';
import { MessageSquareIcon } from 'lucide-react';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export interface ReplyTarget {
  id: number;
  username: string;
}

export const BAN_NOTICE_ID = 'comments-ban-notice';

/** The comment form's own classes: a reply's form is framed inside its thread. */
export function commentFormClassName(replyTo: ReplyTarget | null): string {
  return cn('space-y-2', replyTo && 'mt-3 rounded-md border border-dashed p-3');
}

/**
 * What the comment form shows (its label, its box, the refusal, Post and Cancel Reply), without
 * what checks it: a signed-out reader's form, whose Post says to sign in, needs no checking, so
 * the form library and the comment's schema load only with a signed-in reader's form.
 */
export function CommentFormFields({
  fieldId,
  replyTo,
  locked,
  posting = false,
  ready = true,
  error,
  onCancelReply,
  textarea,
}: {
  fieldId: string;
  replyTo: ReplyTarget | null;
  /** The reader is banned from the channel: the box and its button are there, disabled. */
  locked: boolean;
  posting?: boolean;
  /** False while a signed-in reader's form is still loading: Post waits for it. */
  ready?: boolean;
  error?: string | null;
  onCancelReply?: () => void;
  textarea: Omit<ComponentProps<'textarea'>, 'ref'> & { ref?: Ref<HTMLTextAreaElement> };
}) {
  const label = replyTo ? `Reply to ${replyTo.username}` : 'Add a comment';
  return (
    <>
      <Label htmlFor={`${fieldId}-content`}>{label}</Label>
      {replyTo && <input type="hidden" name="parent_id" value={replyTo.id} />}
      <Textarea
        {...textarea}
        id={`${fieldId}-content`}
        disabled={locked}
        aria-describedby={error ? `${fieldId}-error` : locked ? BAN_NOTICE_ID : undefined}
        rows={replyTo ? 3 : 4}
        maxLength={LIMITS.commentMax}
        placeholder={replyTo ? 'Write your reply…' : 'Share your thoughts…'}
        aria-invalid={error ? true : undefined}
        className="disabled:opacity-60"
      />
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={posting || locked || !ready}>
          {posting ? <Spinner className="[&_svg]:size-4" label="Posting" /> : <MessageSquareIcon aria-hidden="true" />}
          {replyTo ? 'Post Reply' : 'Post Comment'}
        </Button>
        {replyTo && (
          <Button type="button" variant="ghost" onClick={onCancelReply}>
            Cancel Reply
          </Button>
        )}
      </div>
    </>
  );
}
