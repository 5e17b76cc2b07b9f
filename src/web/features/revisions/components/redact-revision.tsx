import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOffIcon } from 'lucide-react';
import '@/lib/zod-jitless';
import { REDACTION_REASON_MAX, RedactRevisionSchema, revisionApi, type RedactRevision, type RevisionListItem } from '@contract/revisions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, DialogClose } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';

/**
 * An administrator's 'Remove from the record': the revision's content then reads "Removed by an
 * administrator" with the reason given here (checked by the contract's schema); the server logs it.
 */
export function RedactRevision({ articleId, number }: { articleId: number; number: number }) {
  const [open, setOpen] = useState(false);
  const ids = { reason: useId(), error: useId() };
  const queryClient = useQueryClient();
  const form = useForm<RedactRevision>({ resolver: zodResolver(RedactRevisionSchema), defaultValues: { reason: '' } });
  const redact = useMutation({
    mutationFn: (values: RedactRevision) => apiRequest<RevisionListItem>('POST', revisionApi.redact(articleId, number), values),
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Removed from the record' });
      // The revision, its diffs and the list all read the removal now.
      return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0] ?? '').startsWith(revisionApi.list(articleId)) });
    },
    onError: (failure: Error) => form.setError('reason', { message: failure.message }),
  });
  const error = form.formState.errors.reason?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <EyeOffIcon aria-hidden="true" />
          Remove from the record
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove revision {number} from the record?</DialogTitle>
          <DialogDescription>Its text will read “Removed by an administrator” with your reason. The removal is logged.</DialogDescription>
        </DialogHeader>
        <Form onSubmit={form.handleSubmit((values) => redact.mutate(values))} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.reason}>Reason</Label>
            <Textarea
              id={ids.reason}
              rows={3}
              maxLength={REDACTION_REASON_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              {...form.register('reason')}
            />
            {error && (
              <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={redact.isPending}>
              Remove
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
