import type { LoaderFunctionArgs } from 'react-router';
import { queryClientOf } from '@/lib/router-context';
import { unsubscribeInfoQueryOptions } from '@/features/email/api/email';
import { UnsubscribePage } from '@/features/email/components/unsubscribe-page';

export { unsubscribeAction as action } from '@/features/email/api/unsubscribe-action';

/** /unsubscribe?token=…: the visible unsubscribe link of notification emails, and where the List-Unsubscribe address sends a browser. */
export default function UnsubscribeRoute() {
  return <UnsubscribePage />;
}

/** What the link stops, read before the page renders (so it works with JavaScript off); opening it changes nothing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token) await queryClientOf(context).ensureQueryData(unsubscribeInfoQueryOptions(token));
  return null;
}
