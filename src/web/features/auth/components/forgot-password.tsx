import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { ForgotPasswordSchema, type ForgotPassword as ForgotPasswordValues } from '@contract/email';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api-client';

/**
 * "Forgot password?" under the sign-in form: asks for the username or email and shows
 * the server's answer, which is the same whether or not such an account exists.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const form = useForm<ForgotPasswordValues>({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { login: '' } });
  const mutation = useMutation({
    mutationFn: (values: ForgotPasswordValues) => apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', values),
    onError: (failure: Error) => form.setError('login', { message: failure.message }),
  });
  const error = form.formState.errors.login?.message;
  const submit = form.handleSubmit((values) => mutation.mutate(values));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          mutation.reset();
          form.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="link" className="justify-self-center px-0">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>Enter your username or the email address confirmed on your account. We will email you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        {mutation.isSuccess ? (
          <p role="status" className="text-sm">
            {mutation.data.message}
          </p>
        ) : (
          <Form onSubmit={submit} className="grid gap-3" noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="forgot-login">Username or email</Label>
              <Input
                id="forgot-login"
                autoComplete="username"
                maxLength={254}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'forgot-error' : undefined}
                {...form.register('login')}
              />
            </div>
            {error && (
              <p id="forgot-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button type="submit" disabled={mutation.isPending}>
              Send reset link
            </Button>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
