import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { UserPlusIcon } from 'lucide-react';
import { InviteStaffSchema, type InviteStaff } from '@contract/staff';
import { STAFF_MESSAGES, STAFF_ROLES } from '@contract/staff-rules';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useInviteStaff } from '../api/staff-mutations';

export const selectClassName =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50';

/** The owner's invitation form: a username and a role, checked with the contract's schema. */
export function InviteForm({ channelId }: { channelId: number }) {
  const id = useId();
  const invite = useInviteStaff(channelId);
  const form = useForm<InviteStaff>({ resolver: zodResolver(InviteStaffSchema), defaultValues: { username: '', role: 'writer' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await invite.mutateAsync(values);
      toast({ title: `${created.user.username} is invited as ${STAFF_MESSAGES.roleLabels[created.role]}` });
    } catch {
      return; // The server's words show under the form.
    }
    form.reset({ username: '', role: values.role });
  });

  return (
    <Form className="grid gap-4 rounded-lg border bg-card p-4 shadow-xs" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-semibold">
          Invite someone
        </h2>
        <p className="text-sm text-muted-foreground">
          Writers file articles and submit them for review; editors also review, publish and schedule. An invitation is valid for 30 days.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            id={`${id}-username`}
            autoComplete="off"
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? `${id}-username-error` : undefined}
            {...form.register('username')}
          />
          {errors.username && (
            <p id={`${id}-username-error`} role="alert" className="text-sm text-destructive">
              {errors.username.message}
            </p>
          )}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <select id={`${id}-role`} className={selectClassName} {...form.register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_MESSAGES.roleLabels[role]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={invite.isPending}>
          {invite.isPending ? <Spinner className="[&_svg]:size-4" label="Inviting" /> : <UserPlusIcon aria-hidden="true" />}
          Invite
        </Button>
      </div>
      {invite.isError && (
        <p role="alert" className="text-sm text-destructive">
          {invite.error.message}
        </p>
      )}
    </Form>
  );
}
