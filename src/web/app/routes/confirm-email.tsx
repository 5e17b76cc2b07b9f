import { ConfirmEmailPage } from '@/features/email/components/confirm-email-page';

/** /confirm-email?token=…: where an address confirmation email leads. */
export default function ConfirmEmailRoute() {
  return <ConfirmEmailPage />;
}

/** Nothing to load first: the page works from its address (the token, the sign-in's answer). */
export const loader = () => null;
