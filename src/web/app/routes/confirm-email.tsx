import { ConfirmEmailPage } from '@/features/email/components/confirm-email-page';

/** /confirm-email?token=…: where an address confirmation email leads (issue 17). */
export default function ConfirmEmailRoute() {
  return <ConfirmEmailPage />;
}
