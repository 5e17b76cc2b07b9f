import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';

/**
 * Shown when rendering a route throws, most often a page chunk that no longer exists after a
 * deploy. Reloading fetches the current build. Rendered without the layout, so it has its own main.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.warn('Route error:', error), [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <DocumentTitle title={pageTitle('Something went wrong')} />
      <h1 className="font-serif text-4xl font-bold tracking-tight">Something went wrong</h1>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </main>
  );
}
