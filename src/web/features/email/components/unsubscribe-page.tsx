import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_MESSAGES, type UnsubscribeInfo } from '@contract/email';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { unsubscribeInfoQueryOptions } from '../api/email';
import type { UnsubscribeActionResult } from '../api/unsubscribe-action';

/** The emails a link stops, as the page names them. */
function whatItStops(info: UnsubscribeInfo): string {
  if (info.scope === 'digest') return 'the daily digest';
  if (info.scope === 'replies') return 'replies to your comments';
  return `new articles from ${info.channelName ?? 'this channel'}`;
}

/**
 * /unsubscribe?token=…: the visible unsubscribe link of every notification email, and where the
 * List-Unsubscribe address sends a browser. Works signed out and with JavaScript off: opening it
 * changes nothing (mail scanners open links), the button (a form posted to the page) does.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({ ...unsubscribeInfoQueryOptions(token), enabled: token !== '' });
  const answer = useActionData() as UnsubscribeActionResult | undefined;
  const sending = useNavigation().state === 'submitting';
  const data = token === '' ? null : (info.data ?? null);
  const what = data ? whatItStops(data) : null;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <DocumentTitle title={pageTitle('Unsubscribe')} />
      <Card>
        <CardHeader>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Unsubscribe</h1>
          {what && <CardDescription>This link stops emails about {what}.</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {!data ? (
            <p role="alert">{info.isError ? 'The link could not be read. Try again in a moment.' : EMAIL_MESSAGES.unsubscribeLinkInvalid}</p>
          ) : data.notify === 'none' ? (
            <p role="status">{EMAIL_MESSAGES.unsubscribed}</p>
          ) : (
            <Form method="post" className="grid gap-3">
              {answer && !answer.ok && <p role="alert">{answer.error}</p>}
              <Button type="submit" className="justify-self-start whitespace-normal text-left" disabled={sending}>
                Unsubscribe from {what}
              </Button>
            </Form>
          )}
          <p className="text-sm text-muted-foreground">
            Your subscriptions stay as they are. Choose what you get by email on your{' '}
            <Link to={paths.profile} className="underline">
              profile
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
