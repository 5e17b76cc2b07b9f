import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

/** /reset-password?token=…: where a password reset email leads (issue 17). */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
