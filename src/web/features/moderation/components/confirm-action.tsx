import { useId, useState, type ReactElement } from 'react';
import { MODERATION_LIMITS } from '@contract/moderation-rules';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { textareaClassName } from '../lib/fields';

/**
 * A destructive moderation action asked once more (Hide, Remove, Reject, Lift…), with an optional
 * reason the log keeps (and, for a removed article, its author reads). The dialog stays open while
 * the request runs and shows the server's refusal if there is one.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirm,
  withReason = false,
  reasonLabel = 'Reason (optional)',
  onConfirm,
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  confirm: string;
  withReason?: boolean;
  reasonLabel?: string;
  onConfirm: (reason: string | null) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason.trim() || null);
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
      <AlertDialogContent>
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
              maxLength={MODERATION_LIMITS.reasonMax}
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
