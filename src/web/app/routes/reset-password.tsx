import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

/** /reset-password?token=…: where a password reset email leads. */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}

/** Nothing to load first: the page works from its address (the token, the sign-in's answer). */
export const loader = () => null;
