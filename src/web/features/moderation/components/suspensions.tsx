import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { SearchIcon, UserXIcon, UndoIcon } from 'lucide-react';
import { MODERATION_LIMITS } from '@contract/moderation-rules';
import type { AdminUser } from '@contract/moderation';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import { useAdminUsers, useSuspendUser, useUnsuspendUser } from '../api/moderation';
import { moderationDay, moderationTime } from '../lib/format';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Textarea } from '@/components/ui/textarea';
import { PagedList } from '@/components/paged-list';

const suspendFormSchema = z.object({
  reason: z.string().trim().min(1, 'reason is required').max(MODERATION_LIMITS.reasonMax, `reason must be at most ${MODERATION_LIMITS.reasonMax} characters`),
  days: z
    .string()
    .trim()
    .refine((days) => days === '' || (/^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 365), { message: 'days must be between 1 and 365' }),
});
type SuspendFormValues = z.infer<typeof suspendFormSchema>;

/** Suspend, asked in a dialog with the required reason and an optional number of days. */
function SuspendDialog({ user }: { user: AdminUser }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const suspend = useSuspendUser();
  const form = useForm<SuspendFormValues>({ resolver: zodResolver(suspendFormSchema), defaultValues: { reason: '', days: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ reason, days }) => {
    try {
      await suspend.mutateAsync({ userId: user.id, reason, days: days ? Number(days) : null });
    } catch {
      return;
    }
    setOpen(false);
    form.reset();
    toast({ title: `${user.username} is suspended` });
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) suspend.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm">
          <UserXIcon aria-hidden="true" />
          Suspend<span className="sr-only"> {user.username}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Suspend {user.username}?</DialogTitle>
          <DialogDescription>They are signed out everywhere at once and cannot sign in until the suspension ends or is lifted.</DialogDescription>
        </DialogHeader>
        <Form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={MODERATION_LIMITS.reasonMax}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              {...form.register('reason')}
            />
            {errors.reason && (
              <p id={`${id}-reason-error`} role="alert" className="text-sm text-destructive">
                {errors.reason.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-days`}>Days</Label>
            <Input
              id={`${id}-days`}
              inputMode="numeric"
              placeholder="Until lifted"
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={`${id}-days-hint${errors.days ? ` ${id}-days-error` : ''}`}
              {...form.register('days')}
            />
            <p id={`${id}-days-hint`} className="text-xs text-muted-foreground">
              1 to 365; leave empty to suspend until an admin lifts it.
            </p>
            {errors.days && (
              <p id={`${id}-days-error`} role="alert" className="text-sm text-destructive">
                {errors.days.message}
              </p>
            )}
          </div>
          {suspend.isError && (
            <p role="alert" className="text-sm text-destructive">
              {suspend.error.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={suspend.isPending}>
              {suspend.isPending && <Spinner className="[&_svg]:size-4" label="Suspending" />}
              Suspend
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { timeZone } = usePagePreferences();
  const unsuspend = useUnsuspendUser();
  const { suspension } = user;
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <Link to={paths.author(user.username)} className="underline-offset-4 hover:underline">
            {user.username}
          </Link>
          {user.isAdmin && <Badge variant="secondary">Admin</Badge>}
          {suspension && <Badge variant="destructive">Suspended</Badge>}
        </p>
        {suspension ? (
          <>
            <p className="text-muted-foreground">
              {suspension.until ? (
                <>
                  Until <time dateTime={suspension.until}>{moderationDay(suspension.until, timeZone)}</time>
                </>
              ) : (
                'Until lifted'
              )}{' '}
              · by {suspension.by.username} on <time dateTime={suspension.createdAt}>{moderationTime(suspension.createdAt, timeZone)}</time>
            </p>
            <p className="break-words">{suspension.reason}</p>
          </>
        ) : (
          <p className="text-muted-foreground">
            Joined <time dateTime={user.createdAt}>{moderationDay(user.createdAt, timeZone)}</time>
          </p>
        )}
      </div>
      <div className="self-start">
        {suspension ? (
          <ConfirmAction
            trigger={
              <Button variant="outline" size="sm">
                <UndoIcon aria-hidden="true" />
                Unsuspend<span className="sr-only"> {user.username}</span>
              </Button>
            }
            title={`Lift the suspension of ${user.username}?`}
            description="They can sign in again at once."
            confirm="Unsuspend"
            onConfirm={() => unsuspend.mutateAsync(user.id).then(() => toast({ title: `${user.username} can sign in again` }))}
          />
        ) : (
          !user.isAdmin && <SuspendDialog user={user} />
        )}
      </div>
    </div>
  );
}

/** Admins find an account by name and suspend it; the accounts suspended now, each with Unsuspend. */
export function Suspensions() {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const found = useAdminUsers({ q }, q !== '');
  const suspended = useAdminUsers({ suspended: true });
  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-find`} className="space-y-3">
        <h3 id={`${id}-find`} className="font-semibold">
          Find a user
        </h3>
        <form
          role="search"
          className="flex max-w-md gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(draft.trim());
          }}
        >
          <Label htmlFor={`${id}-q`} className="sr-only">
            Username
          </Label>
          <Input id={`${id}-q`} type="search" placeholder="Username" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <Button type="submit" variant="outline">
            <SearchIcon aria-hidden="true" />
            Find
          </Button>
        </form>
        {q !== '' && (
          <PagedList
            query={found}
            label="Users found"
            empty={`No user’s name contains “${q}”.`}
            itemKey={(user) => user.id}
            renderItem={(user) => <UserRow user={user} />}
          />
        )}
      </section>
      <section aria-labelledby={`${id}-suspended`} className="space-y-3">
        <h3 id={`${id}-suspended`} className="font-semibold">
          Suspended now
        </h3>
        <PagedList
          query={suspended}
          label="Suspended users"
          empty="No account is suspended."
          itemKey={(user) => user.id}
          renderItem={(user) => <UserRow user={user} />}
        />
      </section>
    </div>
  );
}
