import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '@contract/paths';
import { AdminRoute, ProtectedRoute } from '@/features/auth/components/route-guards';
import { RootLayout } from './layout/root-layout';
import type { PageModule, RouteHandle } from './page-data';
import { RouteError } from './routes/route-error';

/** Every page module; each is its own chunk, loaded when its route is first opened. */
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/route-error.tsx', '!./routes/article-editing.tsx']);

/** The built chunk of each page, keyed as in Vite's manifest (`app/routes/home.tsx`). */
export function pageModuleFile(page: string): string {
  return `app/routes/${page}.tsx`;
}

/**
 * A route whose page lives in app/routes/{name}.tsx. The router loads the module (route `lazy`)
 * before it shows the page, so a navigation keeps the current page until the next one is ready,
 * and the browser loads the opened page's module before hydrating.
 */
function page(name: string, handle: Omit<RouteHandle, 'page'> = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module app/routes/${name}.tsx`);
  return { handle: { ...handle, page: name } satisfies RouteHandle, lazy: async () => ({ Component: (await load()).default }) };
}

/** The page module of a page name, for the server render (its data loader and head). */
export function loadPageModule(name: string): Promise<PageModule> {
  return pageModules[`./routes/${name}.tsx`]!();
}

const signedIn = (redirectTo: string = paths.auth): RouteHandle => ({ access: { require: 'signed-in', redirectTo } });

/**
 * The route table: the only place a page path is declared (DESIGN.md section 7). The server renders
 * from it too: which paths are pages, their status, whether anonymous readers may share a cached
 * copy, which chunk to preload, and who may open them (guarded pages sit under ProtectedRoute or
 * AdminRoute, whose handles tell the server where to send everyone else; /auth sends signed-in
 * readers home).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page('home', { cacheable: true }) },
      { path: 'auth', ...page('auth', { access: { require: 'signed-out', redirectTo: paths.home } }) },
      { path: 'auth-callback', ...page('auth-callback') },
      { path: 'channels', ...page('channels', { cacheable: true }) },
      { path: 'channels/:id', ...page('channel') },
      { path: 'channels/:slug/:id', ...page('channel') },
      { path: 'articles/:slugAndId', ...page('article', { cacheable: true }) },
      { path: 'reset-password', ...page('reset-password') },
      { path: 'confirm-email', ...page('confirm-email') },
      { path: 'unsubscribe', ...page('unsubscribe') },
      {
        element: <ProtectedRoute />,
        handle: signedIn(),
        children: [
          { path: 'channels/new', ...page('channel-new') },
          { path: 'channels/:id/subscribers', ...page('channel-subscribers') },
          { path: 'channels/:id/analytics', ...page('channel-analytics') },
          { path: 'profile', ...page('profile') },
          { path: 'articles/new', ...page('article-new') },
          { path: 'channels/:channelId/articles/new', ...page('article-new') },
        ],
      },
      {
        element: <ProtectedRoute redirectTo={paths.home} />,
        handle: signedIn(paths.home),
        children: [{ path: 'articles/:id/edit', ...page('article-edit') }],
      },
      { element: <AdminRoute />, handle: { access: { require: 'admin', redirectTo: paths.home } }, children: [{ path: 'admin', ...page('admin') }] },
      { path: '*', ...page('not-found', { status: 404 }) },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

/** The browser's router (made once, on first use: the server render never makes it). */
function getBrowserRouter() {
  browserRouter ??= createBrowserRouter(routes);
  return browserRouter;
}

/** Resolves once the router has loaded the module of the page opened (at once when it already has). */
export function routerReady(): Promise<void> {
  const router = getBrowserRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function AppRouter() {
  return <RouterProvider router={getBrowserRouter()} />;
}
