import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { ChangePasswordSchema, type ChangePassword } from '@contract/auth';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { currentUserQueryKey } from '../api/query-keys';
import { useAuth } from './auth-provider';

/**
 * Set or change the password from the profile. An account made with Google sign-in has none yet
 * and sets its first one without the current password; changing signs out every other session.
 */
export function PasswordCard() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const hasPassword = user?.hasPassword ?? true;
  const form = useForm<ChangePassword>({ resolver: zodResolver(ChangePasswordSchema), defaultValues: { currentPassword: '', newPassword: '' } });
  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePassword) =>
      apiRequest('POST', '/api/user/password', { newPassword, ...(hasPassword ? { currentPassword } : {}) }),
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: hasPassword ? 'Password changed' : 'Password set', description: 'Other devices have been signed out.' });
    },
    onError: (failure: Error) => form.setError('newPassword', { message: failure.message }),
  });
  if (!user) return null;
  const error = form.formState.errors.newPassword?.message ?? form.formState.errors.currentPassword?.message;
  const submit = form.handleSubmit((values) => mutation.mutate(values));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          {hasPassword
            ? 'Change the password you sign in with.'
            : 'You sign in with Google. Set a password to also sign in with your username.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form onSubmit={submit} className="grid max-w-sm gap-3" noValidate>
          {hasPassword && (
            <div className="grid gap-1.5">
              <Label htmlFor="current-password">Current password</Label>
              <Input
                id="current-password"
                type="password"
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="new-password">New password</Label>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'password-error' : undefined}
              {...form.register('newPassword')}
            />
          </div>
          {error && (
            <p id="password-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
