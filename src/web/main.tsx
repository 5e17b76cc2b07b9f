import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '@contract/pages';
import { BrowserPagePreferencesProvider } from './lib/page-preferences';
import { createQueryClient } from './lib/query-client';
import { createRouterContext } from './lib/router-context';
import { storedTheme } from './lib/theme';
import { storedShowImages } from './lib/image-visibility';
import { AppProvider } from './app/provider';
import { routes } from './app/router';

/**
 * The browser's side of the one render path (docs/decisions/008-one-render-path.md): the server rendered the page
 * with the route table and components this bundle holds, and wrote its query cache, React Router's
 * hydration data and the preferences it rendered with into #page-state. We read that once, load
 * the opened page's module and hydrate: the server's DOM is kept, and nothing the page shows is
 * fetched again.
 */
function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    // Written by our own server from the contract's PageStateSchema; parsing it with zod here would
    // put zod into the first chunk of every page.
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

const state = readPageState();
const queryClient = createQueryClient();
if (state?.queries) hydrate(queryClient, state.queries);
const preferences = state?.preferences ?? { theme: 'light' as const, showImages: true, timeZone: 'UTC', renderedAt: Date.now(), selectedChannelId: null };

// Tell the server, for the next page, the stored choices of a browser that made them before they
// were mirrored into cookies (boot.ts writes the time zone's).
storedTheme.syncCookie();
storedShowImages.syncCookie();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * The opened page's `route.lazy` resolved before the router is made, as React Router's guide to
 * server rendering with lazy routes does: the first render then has the page's component and
 * hydrates the server's markup instead of rendering nothing while it loads. A module that cannot
 * load is left lazy: the router tries it again and its error element says what happened.
 */
async function resolveOpenedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy().catch(() => null);
      if (resolved) Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

// A .then, not a top-level await: page chunks import shared code from this entry, and an entry that
// awaits would make the bundler split that code into dozens of small chunks.
// Hydrating in a transition lets React yield to the browser between pieces of the tree: the page is
// already readable, so a reader's scroll or click should not wait for one long hydration task.
void resolveOpenedRoutes().then(() => {
  const router = createBrowserRouter(routes, {
    hydrationData: state?.router ?? undefined,
    getContext: () => createRouterContext(queryClient),
  });
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserPagePreferencesProvider value={preferences}>
          <AppProvider queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProvider>
        </BrowserPagePreferencesProvider>
      </StrictMode>,
      {
        // A mismatch is a bug (docs/decisions/008-one-render-path.md); the browser journeys fail on this message.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      },
    );
  });
});
