import type { LoaderFunctionArgs } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle, SITE_NAME } from '@/lib/site';
import { credentialsAction } from '@/features/auth/api/credentials-action';
import { AuthForms } from '@/features/auth/components/auth-forms';
import { signedOut } from '../route-guards';

/** A signed-in visitor is sent home (docs/product.md#sign-in). */
export async function loader(args: LoaderFunctionArgs) {
  await signedOut(args);
  return null;
}

/** Login and Register post here; they work before the app starts and without JavaScript. */
export const action = credentialsAction;

/** Sign-in and registration (docs/product.md#sign-in). */
export default function AuthPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:py-14 lg:grid-cols-2 lg:items-stretch">
      <DocumentTitle title={pageTitle('Sign in')} />
      <div className="mx-auto w-full max-w-md lg:self-center">
        <Card>
          <CardHeader>
            <h1 className="font-serif text-3xl font-bold tracking-tight">Welcome to {SITE_NAME}</h1>
            <CardDescription>Sign in to your account or create a new one.</CardDescription>
          </CardHeader>
          <CardContent>
            <AuthForms />
          </CardContent>
        </Card>
      </div>
      <MarketingPanel />
    </div>
  );
}

/** The marketing panel, on wide screens only (docs/product.md#sign-in). */
function MarketingPanel() {
  return (
    <aside
      aria-labelledby="auth-marketing-heading"
      className="hidden flex-col justify-center rounded-lg bg-primary p-10 text-primary-foreground lg:flex"
    >
      <p className="text-xs font-semibold tracking-[0.2em] uppercase opacity-80">{SITE_NAME}</p>
      <h2 id="auth-marketing-heading" className="mt-4 border-y border-primary-foreground/30 py-4 font-serif text-4xl leading-tight font-bold">
        Read. Write. Publish.
      </h2>
      <p className="mt-6 font-serif text-xl leading-relaxed">
        Create channels, publish articles, and engage with a community of readers and writers. Share your stories with the world.
      </p>
    </aside>
  );
}
