import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { authCallbackErrorText, type CurrentUser } from '@contract/auth';
import { paths, safeReturnPath } from '@contract/paths';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getQueryFn } from '@/lib/api-client';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { currentUserQueryKey } from '../api/query-keys';
import { setSessionUser } from '../api/session';
import { usePagePreferences } from '@/lib/page-preferences';
import { refusalNotice } from '../lib/auth-errors';

/** How long an error stays on screen before the browser goes home (docs/product.md#sign-in). */
const ERROR_REDIRECT_DELAY_MS = 3000;

/**
 * The return address of Google sign-in (docs/product.md#sign-in and #api). The
 * server has already started the session, or sent `?error=…` with a readable message. The page
 * refreshes the current user and ends on the home page (signed in: on the `next` page the sign-in
 * started from, if any): at once when signed in or when the network fails, after 3 seconds when
 * there is an error to read.
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // Only the server's own messages are shown; any other text in the link becomes a fixed one.
  const errorFromServer = authCallbackErrorText(searchParams.get('error'));
  const next = safeReturnPath(searchParams.get('next'));
  const [status, setStatus] = useState(errorFromServer ? 'Sign-in failed. Returning to the home page…' : 'Completing sign-in…');
  const [error, setError] = useState<string | null>(null);
  const { timeZone } = usePagePreferences();
  const serverError = errorFromServer && refusalNotice('login', errorFromServer, timeZone).description;
  const shownError = serverError || error;

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goHome = () => navigate(paths.home, { replace: true });
    const goHomeLater = () => {
      timer = setTimeout(goHome, ERROR_REDIRECT_DELAY_MS);
    };

    if (errorFromServer) {
      goHomeLater();
    } else {
      queryClient
        .fetchQuery<CurrentUser | null>({
          queryKey: currentUserQueryKey,
          queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
          staleTime: 0,
        })
        .then((user) => {
          if (cancelled) return;
          if (user) {
            // A new session: drop whatever was cached for the previous visitor.
            setSessionUser(queryClient, user);
            setStatus('Signed in. Redirecting…');
            // Back to the page the reader signed in from (docs/product.md#returning-sign-in), else home.
            void navigate(next, { replace: true });
          } else {
            setStatus('Returning to the home page…');
            setError('No session found');
            goHomeLater();
          }
        })
        .catch((failure: unknown) => {
          if (cancelled) return;
          // A network failure goes straight home; an answer from the server is shown first.
          if (!(failure instanceof ApiError)) {
            void goHome();
            return;
          }
          setStatus('Returning to the home page…');
          setError(failure.message || 'An unexpected error occurred');
          goHomeLater();
        });
    }

    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [errorFromServer, navigate, next, queryClient]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <DocumentTitle title={pageTitle('Signing in')} />
      <h1 className="font-serif text-3xl font-bold tracking-tight">Authentication in Progress</h1>
      <p aria-live="polite" className="mt-4 text-muted-foreground">
        {status}
      </p>
      <p role="alert" className="mt-2 min-h-6 font-medium text-destructive">
        {shownError}
      </p>
      <Spinner className="mt-8" label="Signing in" />
    </div>
  );
}
