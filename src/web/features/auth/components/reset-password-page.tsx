import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import type { CurrentUser } from '@contract/auth';
import { ResetPasswordSchema } from '@contract/email';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { setSessionUser } from '../api/session';

/** The new password as the API checks it, typed twice. */
const resetFormSchema = ResetPasswordSchema.pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: 'The two passwords do not match', path: ['confirm'] });
type ResetFormValues = z.infer<typeof resetFormSchema>;

/**
 * /reset-password?token=…: the page a reset email links to. It sets a new password; the server
 * signs out every session of the account and signs this browser in.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ResetFormValues>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirm: '' } });
  const check = useQuery({
    queryKey: ['/api/auth/reset-password', token],
    queryFn: () => apiRequest<{ usable: boolean }>('GET', `/api/auth/reset-password?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: ({ password }: ResetFormValues) => apiRequest<CurrentUser & { success: true }>('POST', '/api/auth/reset-password', { token, password }),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      toast({ title: 'Password changed', description: 'You are signed in. Every other device has been signed out.' });
      void navigate(paths.home, { replace: true });
    },
    onError: (failure: Error) => form.setError('confirm', { message: failure.message }),
  });
  const { errors } = form.formState;
  const error = errors.password?.message ?? errors.confirm?.message;
  const submit = form.handleSubmit((values) => mutation.mutate(values));

  const unusable = token === '' || check.isError || check.data?.usable === false;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <DocumentTitle title={pageTitle('Reset password')} />
      <Card>
        <CardHeader>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Choose a new password</h1>
          <CardDescription>Setting a new password signs you in here and signs out every other device.</CardDescription>
        </CardHeader>
        <CardContent>
          {token !== '' && check.isPending ? (
            <Spinner label="Checking the link" />
          ) : unusable ? (
            <div className="grid gap-3">
              <p role="alert">This link is not valid any more. Links work once and for 30 minutes.</p>
              <Button asChild variant="outline" className="justify-self-start">
                <Link to={paths.auth}>Ask for a new link</Link>
              </Button>
            </div>
          ) : (
            <Form onSubmit={submit} className="grid gap-3" noValidate>
              <div className="grid gap-1.5">
                <Label htmlFor="reset-password">New password</Label>
                <Input
                  id="reset-password"
                  type="password"
                  autoComplete="new-password"
                  maxLength={LIMITS.passwordMax}
                  {...form.register('password')}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="reset-password-again">Repeat the new password</Label>
                <Input
                  id="reset-password-again"
                  type="password"
                  autoComplete="new-password"
                  maxLength={LIMITS.passwordMax}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'reset-error' : undefined}
                  {...form.register('confirm')}
                />
              </div>
              {error && (
                <p id="reset-error" role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
              <Button type="submit" disabled={mutation.isPending}>
                Set new password
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
