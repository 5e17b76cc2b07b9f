import { useId, useRef, useState, type ReactElement } from 'react';
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
import { textareaClassName } from './textarea-class';

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
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);

  async function run() {
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason.trim() || null);
      done.current = true;
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'An unknown error occurred.');
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
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
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={reasonMax}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={textareaClassName}
            />
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* Not AlertDialogAction: that closes at once, before the answer (and a refusal) arrives. */}
          <Button variant="destructive" onClick={() => void run()} disabled={pending}>
            {pending && <Spinner className="[&_svg]:size-4" label="Working" />}
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
