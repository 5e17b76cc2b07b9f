import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { EMAIL_MESSAGES, type UnsubscribeInfo } from '@contract/email';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api-client';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';

/**
 * /unsubscribe?token=…: the visible unsubscribe link of every notification email. Works signed
 * out; opening it changes nothing (mail scanners open links), the button does.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['/api/email/unsubscribe', token],
    queryFn: () => apiRequest<UnsubscribeInfo>('GET', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });
  const unsubscribe = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  });
  const what = info.data?.scope === 'digest' ? 'the daily digest' : `new articles from ${info.data?.channelName ?? 'this channel'}`;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <DocumentTitle title={pageTitle('Unsubscribe')} />
      <Card>
        <CardHeader>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Unsubscribe</h1>
          {info.data && <CardDescription>Stop emails about {what}.</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token || info.isError ? (
            <p role="alert">{EMAIL_MESSAGES.linkInvalid}</p>
          ) : info.isPending ? (
            <Spinner label="Reading the link" />
          ) : unsubscribe.isSuccess || info.data.notify === 'none' ? (
            <p role="status">{EMAIL_MESSAGES.unsubscribed}</p>
          ) : (
            <>
              {unsubscribe.isError && <p role="alert">{unsubscribe.error.message}</p>}
              <Button className="justify-self-start" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
                Unsubscribe from {what}
              </Button>
            </>
          )}
          <p className="text-sm text-muted-foreground">
            Your subscription stays in your feed. Choose what you get by email on your <Link to={paths.profile} className="underline">profile</Link>.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
