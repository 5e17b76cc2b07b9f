import { use, type ComponentType } from 'react';
import { matchRoutes, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router';
import { paths } from '@contract/paths';
import { AdminRoute, ProtectedRoute } from '@/features/auth/components/route-guards';
import { RootLayout } from './layout/root-layout';
import { BrowserRouter } from '@/lib/navigation/browser-router';
import type { PageModule, RouteHandle } from './page-data';
import { RouteErrorBoundary } from './routes/route-error';

/** Every page module; each is its own chunk, loaded when its route is first opened. */
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/route-error.tsx', '!./routes/article-editing.tsx']);

/** The built chunk of each page, keyed as in Vite's manifest (`app/routes/home.tsx`). */
export function pageModuleFile(page: string): string {
  return `app/routes/${page}.tsx`;
}

const loadingPages = new Map<string, Promise<PageModule>>();
const loadedPages = new Map<string, ComponentType>();

/**
 * Loads the module of a page once (for the server render: its data loader and head; for the browser:
 * the opened page before hydrating, the next page on a navigation). A failed load is forgotten, so a
 * later navigation tries again.
 */
export function loadPageModule(name: string): Promise<PageModule> {
  let loading = loadingPages.get(name);
  if (!loading) {
    const load = pageModules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`No page module app/routes/${name}.tsx`);
    loading = load().then(
      (module) => {
        loadedPages.set(name, module.default);
        return module;
      },
      (error: unknown) => {
        loadingPages.delete(name);
        throw error;
      },
    );
    loadingPages.set(name, loading);
  }
  return loading;
}

/**
 * A page's element: its component once the module is loaded; until then it suspends. The router
 * renders a new location in a transition, so the page being left stays on screen meanwhile.
 */
function LazyPage({ name }: { name: string }) {
  const Page = loadedPages.get(name) ?? use(loadPageModule(name)).default;
  return <Page />;
}

/** A route whose page lives in app/routes/{name}.tsx. */
function page(name: string, handle: Omit<RouteHandle, 'page'> = {}): Pick<RouteObject, 'element' | 'handle'> {
  if (!pageModules[`./routes/${name}.tsx`]) throw new Error(`No page module app/routes/${name}.tsx`);
  return { handle: { ...handle, page: name } satisfies RouteHandle, element: <LazyPage name={name} /> };
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

/** The routes a path opens, outermost first. */
export type MatchAppRoutes = (pathname: string) => RouteMatch[] | null;

/**
 * React Router's own matching, in the browser: it flattens and ranks the table on each call, which
 * a navigation does not notice. The server render uses route-matcher.ts instead, compiled once
 * (decision 020); it is kept out of the browser's first load, where it would add 1 KB.
 */
const matchInBrowser: MatchAppRoutes = (pathname) => matchRoutes(routes, pathname);

/** The handles of the routes a path opens, outermost first. */
export function routeHandles(pathname: string, match: MatchAppRoutes = matchInBrowser): RouteHandle[] {
  return (match(pathname) ?? []).map((found) => (found.route.handle ?? {}) as RouteHandle);
}

/** Nothing when the page at `pathname` is loaded already; else the load of its module. */
function preparePage(pathname: string): Promise<void> | undefined {
  const name = routeHandles(pathname).findLast((handle) => handle.page)?.page;
  if (!name || loadedPages.has(name)) return undefined;
  return loadPageModule(name).then(() => undefined);
}

/** Loads the module of the page at `pathname`, so the first render hydrates it without suspending. */
export async function loadOpenedPage(pathname: string): Promise<void> {
  await preparePage(pathname);
}

/** The route table rendered at the router's location (the browser's router, or the server's StaticRouter). */
export function AppRoutes({ match = matchInBrowser }: { match?: MatchAppRoutes }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary location={pathname}>{renderMatches(match(pathname))}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter prepare={preparePage}>
      <AppRoutes />
    </BrowserRouter>
  );
}
