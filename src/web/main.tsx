import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID, PREFERENCE_COOKIES, type PageState } from '@contract/pages';
import { PagePreferencesProvider, writePreferenceCookie } from './lib/page-preferences';
import { createQueryClient } from './lib/query-client';
import { storedTheme } from './lib/theme';
import { storedShowImages } from './lib/image-visibility';
import { AppProvider } from './app/provider';
import { AppRouter, loadOpenedPage } from './app/router';

/**
 * The browser's side of the one render path (DESIGN.md section 7): the server rendered the page
 * with the route table and components this bundle holds, and wrote its query cache and the
 * preferences it rendered with into #page-state. We read that once, load the opened page's module
 * and hydrate: the server's DOM is kept, and nothing the page shows is fetched again.
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
const preferences = state?.preferences ?? { theme: 'light' as const, showImages: true, timeZone: 'UTC', renderedAt: Date.now() };

// Tell the server, for the next page, the time zone to print dates in and the stored choices of a
// browser that made them before they were mirrored into cookies.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (timeZone) writePreferenceCookie(PREFERENCE_COOKIES.timeZone, timeZone);
storedTheme.syncCookie();
storedShowImages.syncCookie();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A .then, not a top-level await: page chunks import shared code from this entry, and an entry that
// awaits would make the bundler split that code into dozens of small chunks.
// Hydrating in a transition lets React yield to the browser between pieces of the tree: the page is
// already readable, so a reader's scroll or click should not wait for one long hydration task.
// The opened page's module is loaded first, so hydration finds the page's component rather than
// suspending on it. If it cannot load, hydration goes on and the route's error boundary says so.
void loadOpenedPage(window.location.pathname).catch(() => undefined).then(() => {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PagePreferencesProvider value={preferences}>
          <AppProvider queryClient={queryClient}>
            <AppRouter />
          </AppProvider>
        </PagePreferencesProvider>
      </StrictMode>,
      {
        // A mismatch is a bug (DESIGN.md section 7); the browser journeys fail on this message.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      },
    );
  });
});
