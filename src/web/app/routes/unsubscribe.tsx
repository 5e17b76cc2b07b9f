import { UnsubscribePage } from '@/features/email/components/unsubscribe-page';

/** /unsubscribe?token=…: the visible unsubscribe link of notification emails. */
export default function UnsubscribeRoute() {
  return <UnsubscribePage />;
}

/** Nothing to load first: the page works from its address (the token, the sign-in's answer). */
export const loader = () => null;
