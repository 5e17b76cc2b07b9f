import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import '@/lib/zod-jitless';
import { ChangeEmailSchema, EMAIL_MESSAGES, NOTIFY_CHOICES, type ChangeEmail, type NotifyChoice } from '@contract/email';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useEmailActions, useEmailSettings, useNotificationSettings } from '../api/email';

const CHOICE_LABELS: Record<NotifyChoice, string> = { each: 'Each new article', digest: 'Daily digest', none: 'No emails' };

/**
 * The profile's Email card: the optional address (confirmed by a link), and for each
 * subscription whether new articles arrive by email one by one, in a daily digest, or not at all.
 * Adding, changing or removing the address asks for the current password (`hasPassword`); an
 * account without one approves through a link sent to its confirmed address.
 */
export function EmailCard({ hasPassword }: { hasPassword: boolean }) {
  const settings = useEmailSettings();
  const notifications = useNotificationSettings();
  const { change, remove, setNotify, setReplies } = useEmailActions();
  // With a password, nothing leaves without it (the server says the same).
  const schema = useMemo(
    () => (hasPassword ? ChangeEmailSchema.extend({ currentPassword: z.string().min(1, EMAIL_MESSAGES.currentPasswordRequired) }) : ChangeEmailSchema),
    [hasPassword],
  );
  const form = useForm<ChangeEmail>({ resolver: zodResolver(schema), defaultValues: { email: '', currentPassword: '' } });
  // A refusal from the server, or of "Confirm it again" and "Remove address", which have no field of their own.
  const [actionError, setActionError] = useState<string | null>(null);
  const emailError = form.formState.errors.email?.message;
  const passwordError = form.formState.errors.currentPassword?.message;
  const error = emailError ?? passwordError ?? actionError;

  const approvalNotice = () => toast({ title: 'Check your inbox', description: EMAIL_MESSAGES.approvalSent });

  function requestLink(address: string, options: { currentPassword?: string; onSuccess?: () => void } = {}) {
    change.mutate(
      { email: address, currentPassword: options.currentPassword },
      {
        onSuccess: (result) => {
          options.onSuccess?.();
          if (result.pendingApproval) approvalNotice();
          else toast({ title: 'Check your inbox', description: 'We sent a confirmation link. It works for 24 hours.' });
        },
        onError: (failure) => setActionError(failure.message),
      },
    );
  }

  const submit = form.handleSubmit(({ email, currentPassword }) => {
    setActionError(null);
    requestLink(email, { currentPassword: hasPassword ? currentPassword : undefined, onSuccess: () => form.reset() });
  });

  async function removeAddress() {
    setActionError(null);
    if (hasPassword && !(await form.trigger('currentPassword'))) return;
    remove.mutate(
      { currentPassword: hasPassword ? form.getValues('currentPassword') : undefined },
      {
        onSuccess: (result) => {
          form.resetField('currentPassword');
          if (result.pendingApproval) approvalNotice();
        },
        onError: (failure) => setActionError(failure.message),
      },
    );
  }

  const current = settings.data?.email ?? null;
  const pending = settings.data?.pendingEmail ?? null;
  const undeliverable = Boolean(current && settings.data?.undeliverable);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>Optional. A confirmed address lets you reset a forgotten password and get new articles. Only you can see it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {settings.isPending ? (
          <Spinner label="Loading your email settings" />
        ) : (
          <div className="grid gap-3">
            <p data-testid="email-status">
              {current ? (
                <>
                  Confirmed address: <strong>{current}</strong>
                </>
              ) : (
                'No confirmed address yet.'
              )}
            </p>
            {undeliverable && (
              <div className="grid justify-items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm" data-testid="email-undeliverable">
                <p>Email to this address could not be delivered, so we stopped sending to it. Confirm it again to get email.</p>
                <Button type="button" size="sm" variant="outline" disabled={change.isPending} onClick={() => current && requestLink(current)}>
                  Confirm it again
                </Button>
              </div>
            )}
            {pending && (
              <p className="text-sm text-muted-foreground" role="status">
                Waiting for confirmation: {pending}. Follow the link we emailed to it.
              </p>
            )}
            {current && settings.data?.pendingApproval && (
              <p className="text-sm text-muted-foreground" role="status">
                Waiting for your approval: we sent a link to {current} to {settings.data.pendingApproval === 'remove' ? 'remove it' : 'approve the new address'}.
              </p>
            )}
            <Form onSubmit={submit} className="grid max-w-sm gap-3" noValidate>
              <div className="grid gap-1.5">
                <Label htmlFor="account-email">{current ? 'New email address' : 'Email address'}</Label>
                <Input
                  id="account-email"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  aria-invalid={emailError || (actionError && !passwordError) ? true : undefined}
                  aria-describedby={error ? 'email-error' : undefined}
                  {...form.register('email')}
                />
              </div>
              {hasPassword && (
                <div className="grid gap-1.5">
                  <Label htmlFor="account-email-password">Your current password</Label>
                  <Input
                    id="account-email-password"
                    type="password"
                    autoComplete="current-password"
                    maxLength={256}
                    aria-invalid={passwordError ? true : undefined}
                    aria-describedby={error ? 'email-error' : undefined}
                    {...form.register('currentPassword')}
                  />
                </div>
              )}
              {error && (
                <p id="email-error" role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={change.isPending}>
                  Send confirmation link
                </Button>
                {current && (
                  <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => void removeAddress()}>
                    Remove address
                  </Button>
                )}
              </div>
            </Form>
          </div>
        )}

        {notifications.data && (
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="notify-replies" className="font-medium">
                Replies to my comments
              </Label>
              <p id="notify-replies-hint" className="text-sm text-muted-foreground">
                An email when someone replies to your comment, at most one per conversation an hour.
              </p>
            </div>
            <Switch
              id="notify-replies"
              aria-describedby="notify-replies-hint"
              checked={notifications.data.replies}
              disabled={setReplies.isPending}
              onCheckedChange={(replies) =>
                setReplies.mutate(
                  { replies },
                  { onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message || 'Failed to save the choice.' }) },
                )
              }
            />
          </div>
        )}

        <div className="grid gap-3">
          <h3 className="font-medium">New articles by email</h3>
          {notifications.isPending ? (
            <Spinner label="Loading your subscriptions" />
          ) : !notifications.data || notifications.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Subscribe to a channel to get its new articles by email.</p>
          ) : (
            <>
              {!notifications.data.hasConfirmedEmail && (
                <p className="text-sm text-muted-foreground">These choices apply once you have a confirmed address.</p>
              )}
              <ul className="grid gap-2">
                {notifications.data.items.map((item) => (
                  <li key={item.channelId} className="flex flex-wrap items-center justify-between gap-2">
                    <label htmlFor={`notify-${item.channelId}`} className="font-medium">
                      {item.channelName}
                    </label>
                    <select
                      id={`notify-${item.channelId}`}
                      className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                      value={item.notify}
                      disabled={setNotify.isPending}
                      onChange={(event) => setNotify.mutate({ channelId: item.channelId, notify: event.target.value as NotifyChoice })}
                    >
                      {NOTIFY_CHOICES.map((choice) => (
                        <option key={choice} value={choice}>
                          {CHOICE_LABELS[choice]}
                        </option>
                      ))}
                    </select>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
