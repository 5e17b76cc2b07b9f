import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_MESSAGES } from '@contract/email';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api-client';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { emailSettingsKey } from '../api/email';

/**
 * /confirm-email?token=…: where a confirmation email leads. The token is used by a POST from the
 * page itself (a link scanner that only fetches the page uses nothing); it works signed out.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => apiRequest<{ email: string; message?: string }>('POST', '/api/email/confirm', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailSettingsKey }),
  });
  const { mutate, isIdle } = confirm;
  useEffect(() => {
    if (token && isIdle) mutate();
  }, [token, isIdle, mutate]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <DocumentTitle title={pageTitle('Confirm email')} />
      <Card>
        <CardHeader>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Confirm your email</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <p role="alert">{EMAIL_MESSAGES.linkInvalid}</p>
          ) : confirm.isSuccess ? (
            <p role="status">
              {/* An approval link (a change or a removal) says what it did; a confirmation, which address. */}
              {confirm.data.message ?? (
                <>
                  {EMAIL_MESSAGES.confirmed} <strong>{confirm.data.email}</strong>
                </>
              )}
            </p>
          ) : confirm.isError ? (
            <p role="alert">{confirm.error.message}</p>
          ) : (
            <Spinner label="Confirming your address" />
          )}
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={paths.profile}>Go to your profile</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
