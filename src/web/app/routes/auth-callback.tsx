import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';

/** /auth-callback: where Google sign-in returns (docs/product.md#sign-in). */
export default function AuthCallbackRoute() {
  return <AuthCallbackPage />;
}

/** Nothing to load first: the page works from its address (the token, the sign-in's answer). */
export const loader = () => null;
