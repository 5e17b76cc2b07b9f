import { useId, useState, type ReactElement } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { MODERATION_LIMITS, REPORT_REASONS, type ReportTarget } from '@contract/moderation-rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateReport } from '../api/moderation';
import { REASON_HINTS, REASON_LABELS } from '../lib/fields';

/** The dialog's fields, with the contract's limits and words. */
const reportFormSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  text: z.string().max(MODERATION_LIMITS.reportTextMax, `text must be at most ${MODERATION_LIMITS.reportTextMax} characters`),
});
type ReportFormValues = z.infer<typeof reportFormSchema>;

const TARGET_NAMES: Record<ReportTarget, string> = { article: 'article', comment: 'comment', user: 'profile' };

/**
 * Report an article, a comment or a profile: one of the four reasons and an optional note for the
 * moderators. Loaded on first use (report-button.tsx). Radix keeps the focus inside while it is
 * open and gives it back to Report when it closes. A refusal (already reported, too many reports,
 * one's own content) stays in the dialog in the server's words.
 */
export default function ReportDialog({
  targetType,
  targetId,
  trigger,
  defaultOpen,
  onSent,
}: {
  targetType: ReportTarget;
  targetId: number;
  trigger: ReactElement;
  defaultOpen?: boolean;
  /** Told once the report is filed (Report then reads 'Reported'). */
  onSent?: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(Boolean(defaultOpen));
  const report = useCreateReport();
  const form = useForm<ReportFormValues>({ resolver: zodResolver(reportFormSchema), defaultValues: { text: '' } });
  const { errors } = form.formState;
  const text = form.watch('text') ?? '';
  const name = TARGET_NAMES[targetType];

  const send = form.handleSubmit(async ({ reason, text }) => {
    try {
      await report.mutateAsync({ targetType, targetId, reason, text: text.trim() || null });
    } catch {
      return; // The server's words show below the fields.
    }
    setOpen(false);
    onSent?.();
    toast({ title: 'Report sent', description: `Thank you. The moderators will look at this ${name}.` });
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset({ text: '' });
      report.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this {name}</DialogTitle>
          <DialogDescription>Tell the moderators what is wrong. The author is not told who reported it.</DialogDescription>
        </DialogHeader>
        <Form className="grid gap-5" onSubmit={(event) => void send(event)} noValidate>
          <fieldset className="grid gap-3">
            <legend id={`${id}-reason`} className="mb-3 text-sm font-medium">
              Reason
            </legend>
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <RadioGroup
                  aria-labelledby={`${id}-reason`}
                  aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                  aria-invalid={errors.reason ? true : undefined}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  name={field.name}
                >
                  {REPORT_REASONS.map((reason) => (
                    <div key={reason} className="flex items-start gap-3">
                      <RadioGroupItem value={reason} id={`${id}-${reason}`} className="mt-0.5" aria-describedby={`${id}-${reason}-hint`} />
                      <div className="grid gap-0.5">
                        <Label htmlFor={`${id}-${reason}`}>{REASON_LABELS[reason]}</Label>
                        <p id={`${id}-${reason}-hint`} className="text-xs text-muted-foreground">
                          {REASON_HINTS[reason]}
                        </p>
                      </div>
                    </div>
                  ))}
                </RadioGroup>
              )}
            />
            {errors.reason && (
              <p id={`${id}-reason-error`} role="alert" className="text-sm text-destructive">
                {errors.reason.message}
              </p>
            )}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-text`}>Note for the moderators (optional)</Label>
            <Textarea
              id={`${id}-text`}
              rows={3}
              maxLength={MODERATION_LIMITS.reportTextMax}
              aria-describedby={`${id}-count${errors.text ? ` ${id}-text-error` : ''}`}
              aria-invalid={errors.text ? true : undefined}
              {...form.register('text')}
            />
            <p id={`${id}-count`} className="text-right text-xs text-muted-foreground">
              {text.length}/{MODERATION_LIMITS.reportTextMax} characters
            </p>
            {errors.text && (
              <p id={`${id}-text-error`} role="alert" className="text-sm text-destructive">
                {errors.text.message}
              </p>
            )}
          </div>
          {report.isError && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {report.error.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending && <Spinner className="[&_svg]:size-4" label="Sending" />}
              Send report
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
