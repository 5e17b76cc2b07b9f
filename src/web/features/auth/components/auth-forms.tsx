import { Link, useActionData, useLocation, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CredentialsActionResult } from '../api/credentials-action';
import { useAuthProviders } from '../api/get-auth-providers';
import { CredentialsForm } from './credentials-form';
import { ForgotPassword } from './forgot-password';
import { GoogleSignInButton } from './google-sign-in-button';

/**
 * The sign-in block of the auth page (docs/product.md#sign-in): the Google button and the 'Or continue
 * with' divider when Google sign-in is configured, then the Login and Register tabs. The tab shown
 * first is the one a refused attempt came from, or `?tab=register`: the tabs are buttons, so
 * without JavaScript a link under them (noscript) opens the other form.
 */
export function AuthForms() {
  const { google } = useAuthProviders();
  const refused = useActionData() as CredentialsActionResult | undefined;
  const [params] = useSearchParams();
  const { search } = useLocation();
  const tab = refused?.intent ?? (params.get('tab') === 'register' ? 'register' : 'login');
  const otherTab = new URLSearchParams(search);
  otherTab.set('tab', tab === 'login' ? 'register' : 'login');
  return (
    <div className="grid gap-6">
      {google && (
        <>
          <GoogleSignInButton />
          <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" aria-hidden="true" />
            Or continue with
            <span className="h-px flex-1 bg-border" aria-hidden="true" />
          </div>
        </>
      )}
      <Tabs defaultValue={tab}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="grid gap-2 pt-2">
          <CredentialsForm mode="login" />
          <ForgotPassword />
        </TabsContent>
        <TabsContent value="register" className="pt-2">
          <CredentialsForm mode="register" />
        </TabsContent>
      </Tabs>
      <noscript>
        <p className="text-center text-sm">
          <Link to={{ search: `?${otherTab}` }} className="font-medium text-primary underline underline-offset-2">
            {tab === 'login' ? 'Register a new account' : 'Log in to your account'}
          </Link>
        </p>
      </noscript>
    </div>
  );
}
