import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { checkCommentContent } from '@contract/comment-rules';
import { UpdateCommentSchema, type Comment } from '@contract/comments';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useEditComment } from '../api/comments';

/** The edit form's one field, checked as a new comment is (the same words as the server's). */
const editCommentFormSchema = UpdateCommentSchema.extend({
  content: z.string().superRefine((content, context) => {
    const checked = checkCommentContent(content);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.error });
  }),
});
type EditCommentFormValues = z.infer<typeof editCommentFormSchema>;

/** The author's comment as an inline form, in its place in the thread: Save sends it, Cancel keeps the old text. */
export function EditCommentForm({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const id = useId();
  const edit = useEditComment();
  const form = useForm<EditCommentFormValues>({ resolver: zodResolver(editCommentFormSchema), defaultValues: { content: comment.content } });
  const { ref: registerRef, ...field } = form.register('content');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const error = form.formState.errors.content?.message ?? (edit.isError ? edit.error.message : null);

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = form.handleSubmit(async ({ content }) => {
    try {
      await edit.mutateAsync({ commentId: comment.id, content });
      onDone();
    } catch {
      // The refusal (too late, too long) stays on the form, which keeps the text.
    }
  });

  return (
    <Form className="mt-2 grid gap-2" onSubmit={(event) => void save(event)} noValidate>
      <Label htmlFor={`${id}-content`} className="sr-only">
        Edit your comment
      </Label>
      <Textarea
        id={`${id}-content`}
        rows={3}
        maxLength={LIMITS.commentMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
        ref={(element) => {
          registerRef(element);
          textarea.current = element;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
