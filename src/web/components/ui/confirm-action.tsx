import { useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';
import { Label } from './label';
import { Spinner } from './spinner';
import { Textarea } from './textarea';

/** The reason's field, in the words the API answers with when a reason is too long. */
export function confirmReasonSchema(max: number | undefined) {
  const reason = z.string().trim();
  return z.object({ reason: max === undefined ? reason : reason.max(max, `reason must be at most ${max} characters`) });
}
type ReasonValues = z.infer<ReturnType<typeof confirmReasonSchema>>;

/**
 * A destructive action asked once more (a moderator's Hide or Remove, an owner's Remove from the
 * staff…), with an optional reason the log keeps (and, for a removed article, its author reads).
 * The dialog stays open while the request runs and shows the server's refusal if there is one.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirm,
  withReason = false,
  reasonLabel = 'Reason (optional)',
  reasonMax,
  onConfirm,
  focusAfter,
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  confirm: string;
  withReason?: boolean;
  reasonLabel?: string;
  /** The longest reason the API takes. */
  reasonMax?: number;
  onConfirm: (reason: string | null) => Promise<unknown>;
  /**
   * Where the focus goes once the action is done, when the trigger goes with it (otherwise the
   * focus returns to the trigger, or to the page's start when it is gone).
   */
  focusAfter?: () => HTMLElement | null;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => confirmReasonSchema(reasonMax), [reasonMax]);
  const form = useForm<ReasonValues>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { errors, isSubmitting: pending } = form.formState;
  const done = useRef(false);
  const reasonError = errors.reason?.message;

  const run = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason || null);
      done.current = true;
      setOpen(false);
      form.reset();
    } catch (failure) {
      form.setError('root', { message: failure instanceof Error && failure.message ? failure.message : 'An unknown error occurred.' });
    }
  });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.clearErrors();
      }}
    >
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = done.current ? focusAfter?.() : null;
          done.current = false;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {withReason && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>{reasonLabel}</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={reasonMax}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              {...form.register('reason')}
            />
            {reasonError && (
              <p id={`${id}-reason-error`} role="alert" className="text-sm text-destructive">
                {reasonError}
              </p>
            )}
          </div>
        )}
        {errors.root && (
          <p role="alert" className="text-sm text-destructive">
            {errors.root.message}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* Not AlertDialogAction: that closes at once, before the answer (and a refusal) arrives. */}
          <Button variant="destructive" onClick={(event) => void run(event)} disabled={pending}>
            {pending && <Spinner className="[&_svg]:size-4" label="Working" />}
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
