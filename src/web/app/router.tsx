import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AdminRoute, ProtectedRoute } from '@/features/auth/components/route-guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/**
 * Every page is its own chunk, loaded by the router (route `lazy`) before it shows the page: the
 * first render waits for the opened page's chunk (see main.tsx), so the page the server painted is
 * not replaced by a spinner, and a navigation keeps the current page until the next one is ready.
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * Client routes. Keep in step with CLIENT_ROUTE_PATTERNS in @contract/paths, which the server
 * uses to answer 404 for unknown paths (and ROUTE_CHUNKS in src/server/http/web-app.ts, which
 * preloads the opened page's chunk). Guarded pages sit under ProtectedRoute or AdminRoute.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: 'auth', lazy: page(() => import('./routes/auth')) },
      { path: 'auth-callback', lazy: page(() => import('./routes/auth-callback')) },
      { path: 'channels', lazy: page(() => import('./routes/channels')) },
      { path: 'channels/:id', lazy: page(() => import('./routes/channel')) },
      { path: 'channels/:slug/:id', lazy: page(() => import('./routes/channel')) },
      { path: 'articles/:slugAndId', lazy: page(() => import('./routes/article')) },
      { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
      { path: 'confirm-email', lazy: page(() => import('./routes/confirm-email')) },
      { path: 'unsubscribe', lazy: page(() => import('./routes/unsubscribe')) },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'channels/new', lazy: page(() => import('./routes/channel-new')) },
          { path: 'channels/:id/subscribers', lazy: page(() => import('./routes/channel-subscribers')) },
          { path: 'profile', lazy: page(() => import('./routes/profile')) },
          { path: 'articles/new', lazy: page(() => import('./routes/article-new')) },
          { path: 'channels/:channelId/articles/new', lazy: page(() => import('./routes/article-new')) },
        ],
      },
      { element: <ProtectedRoute redirectTo="/" />, children: [{ path: 'articles/:id/edit', lazy: page(() => import('./routes/article-edit')) }] },
      { element: <AdminRoute />, children: [{ path: 'admin', lazy: page(() => import('./routes/admin')) }] },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

const router = createBrowserRouter(routes);

/** Resolves once the router has loaded the chunk of the page opened (at once when it already has). */
export function routerReady(): Promise<void> {
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
  return <RouterProvider router={router} />;
}
