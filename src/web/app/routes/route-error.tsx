import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { WifiOffIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/document-title';
import { ChunkLoadError, reloadOnceAfterChunkFailure } from '@/lib/chunk-retry';
import { pageTitle } from '@/lib/site';
import { cn } from '@/lib/utils';
import { NotFound } from '../layout/not-found';

type Outcome = 'reloading' | 'offline' | 'failed';

/**
 * What a page that could not load leads to (docs/decisions/008-one-render-path.md): offline, a page that says so with
 * a Reload button (whether its chunk or its data failed); online, for a chunk that could not be
 * downloaded, one full load of the address (the current build's page); if that was already tried,
 * the error page with Reload. Decided after hydration: the server render and the first browser
 * render show the error page alike.
 */
function useChunkFailureOutcome(error: unknown): Outcome {
  const [outcome, setOutcome] = useState<Outcome>('failed');
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    if (!navigator.onLine) {
      setOutcome('offline');
      const back = () => setOutcome('failed');
      window.addEventListener('online', back, { once: true });
      return () => window.removeEventListener('online', back);
    }
    if (error instanceof ChunkLoadError && reloadOnceAfterChunkFailure()) setOutcome('reloading');
  }, [error]);
  return outcome;
}

function ErrorMessage({ error, className }: { error: unknown; className?: string }) {
  const outcome = useChunkFailureOutcome(error);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.warn('Route error:', error);
  }, [error]);

  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410)) return <NotFound />;
  const offline = outcome === 'offline';
  return (
    <div className={cn('mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center', className)} aria-busy={outcome === 'reloading' || undefined}>
      <DocumentTitle title={pageTitle(offline ? 'You are offline' : 'Something went wrong')} />
      {offline && <WifiOffIcon className="mb-4 size-10 text-muted-foreground" aria-hidden="true" />}
      <h1 className="font-serif text-4xl font-bold tracking-tight">{offline ? 'You are offline' : 'Something went wrong'}</h1>
      <p className="mt-4 text-muted-foreground">
        {offline ? 'This page could not be loaded without a connection. Reload once you are back online.' : 'This page could not be shown. Reloading usually helps.'}
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}

/** An error of one page (a loader's, a render's, a chunk's), shown inside the layout in place of the page. */
export function PageError() {
  return <ErrorMessage error={useRouteError()} />;
}

/** An error of the layout itself: shown without it, so it has its own main landmark. */
export function RootError() {
  return (
    <main id="main" className="flex min-h-dvh items-center">
      <ErrorMessage error={useRouteError()} className="py-0" />
    </main>
  );
}
