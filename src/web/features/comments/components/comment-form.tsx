import { useEffect, useId, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { checkCommentContent, COMMENT_MESSAGES } from '@contract/comment-rules';
import { CreateCommentSchema } from '@contract/comments';
import type { CommentActionResult } from '../api/post-comment-action';
import { CommentFormFields, commentFormClassName, type ReplyTarget } from './comment-form-fields';

/** The comment form's one field, as the contract checks it (docs/product.md#comments: the same words on both sides). */
const commentFormSchema = CreateCommentSchema.pick({ content: true }).extend({
  content: z.string().superRefine((content, context) => {
    const checked = checkCommentContent(content);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.error });
  }),
});
type CommentFormValues = z.infer<typeof commentFormSchema>;

/**
 * A signed-in reader's comment or reply form, checked before it is sent. Its own chunk: it brings
 * the form library and the comment's schema, which a signed-out reader's form does without.
 */
export function CommentForm({
  locked,
  replyTo,
  onCancelReply,
  onPosted,
}: {
  /** The reader is banned from the channel: the box and its button are there, disabled. */
  locked: boolean;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  onPosted: (parentId: number | null, pending: boolean) => void;
}) {
  const id = useId();
  // A fetcher: posting keeps the reader where they are; without JavaScript (or before the app has
  // started) the same form posts to the page, whose action answers with a redirect or the refusal.
  const fetcher = useFetcher<CommentActionResult>();
  const refusedOnServer = useActionData() as CommentActionResult | undefined;
  const form = useForm<CommentFormValues>({ resolver: zodResolver(commentFormSchema) });
  const { errors } = form.formState;
  const posting = fetcher.state !== 'idle';
  const answer = fetcher.data ?? refusedOnServer;
  // A refusal the server rendered belongs to the form it came from (the comment form, or a reply's).
  const refusal = answer && !answer.ok && answer.parentId === (replyTo?.id ?? null) ? answer.error : null;
  const error = errors.content?.message ?? (fetcher.data ? null : refusal);
  const { ref: registerRef, ...field } = form.register('content');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  // Set synchronously on submit: a double click sends its second submit before the button disables.
  const sending = useRef(false);

  // Entering reply mode puts the cursor where the reply goes.
  useEffect(() => {
    if (replyTo) textarea.current?.focus();
  }, [replyTo]);

  // Failures of a comment post (docs/product.md#comments) are browser alerts; success empties the form.
  const handled = useRef<CommentActionResult | null>(null);
  useEffect(() => {
    if (fetcher.state === 'idle') sending.current = false;
    // The answer is there once the action is done (the state is 'loading' while the page's loaders revalidate).
    const result = fetcher.data;
    if (fetcher.state === 'submitting' || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      form.reset({ content: '' });
      onPosted(result.parentId, result.pending === true);
    } else {
      window.alert(result.status === 401 ? COMMENT_MESSAGES.signIn : result.error || COMMENT_MESSAGES.postFailed);
    }
  }, [fetcher.state, fetcher.data, form, onPosted]);

  const onSubmit = form.handleSubmit(
    ({ content }) => void fetcher.submit({ content, parent_id: replyTo ? String(replyTo.id) : '' }, { method: 'post' }),
    () => {
      sending.current = false;
      textarea.current?.focus();
    },
  );

  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (sending.current) {
          event.preventDefault();
          return;
        }
        sending.current = true;
        void onSubmit(event);
      }}
      id={replyTo ? `comment-form-${replyTo.id}` : undefined}
      className={commentFormClassName(replyTo)}
      noValidate
    >
      <CommentFormFields
        fieldId={id}
        replyTo={replyTo}
        locked={locked}
        posting={posting}
        error={error}
        onCancelReply={onCancelReply}
        textarea={{
          ...field,
          ref: (element) => {
            registerRef(element);
            textarea.current = element;
          },
        }}
      />
    </fetcher.Form>
  );
}
