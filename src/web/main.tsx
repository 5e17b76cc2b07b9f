import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/newsreader';
import './styles.css';
import { readBootstrapData, seedQueryCache } from './app/bootstrap';
import { AppProvider } from './app/provider';
import { AppRouter, routerReady } from './app/router';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
// The server embeds the session and sign-in options, so the first render asks nothing (in vite dev they are fetched).
seedQueryCache(queryClient, readBootstrapData(document));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The server painted the page; render once the router has the opened page's chunk, so the first
// render replaces that paint with the same page, never with a spinner. (A .then, not a top-level
// await: page chunks import shared code from this entry, and an entry that awaits would make the
// bundler split that code into dozens of small chunks.)
// The first render is a transition, so React renders it in slices that leave the main thread free
// in between (no long task while the page is already readable); it commits once, all at once.
void routerReady().then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
