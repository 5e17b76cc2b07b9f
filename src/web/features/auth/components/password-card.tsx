import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hasPassword = user?.hasPassword ?? true;
  const mutation = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/user/password', { newPassword, ...(hasPassword ? { currentPassword } : {}) }),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: hasPassword ? 'Password changed' : 'Password set', description: 'Other devices have been signed out.' });
    },
    onError: (failure: Error) => setError(failure.message),
  });
  if (!user) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (newPassword.length < LIMITS.passwordMin) {
      setError('Password must be at least 6 characters');
      return;
    }
    mutation.mutate();
  }

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
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="new-password">New password</Label>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              maxLength={LIMITS.passwordMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'password-error' : undefined}
              onChange={(event) => setNewPassword(event.target.value)}
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
