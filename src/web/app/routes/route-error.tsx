import { Component, useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';

/**
 * Shown when rendering a route throws, most often a page chunk that no longer exists after a
 * deploy. Reloading fetches the current build. Rendered without the layout, so it has its own main.
 */
export function RouteError({ error }: { error: unknown }) {
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

/**
 * Catches what a page throws while it renders in the browser and shows RouteError in place of the
 * whole frame. A later navigation (`location` changes) tries the page tree again.
 */
export class RouteErrorBoundary extends Component<{ location: string; children: ReactNode }, { error: unknown; location: string | null }> {
  override state: { error: unknown; location: string | null } = { error: null, location: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: string }, state: { error: unknown; location: string | null }) {
    if (state.error !== null && state.location !== null && state.location !== props.location) return { error: null, location: props.location };
    return { location: props.location };
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
