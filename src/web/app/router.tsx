import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AdminRoute, ProtectedRoute } from '@/features/auth/components/route-guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

// Every page is its own chunk (React.lazy); the root layout shows a spinner while one loads.
const HomePage = lazy(() => import('./routes/home'));
const AuthPage = lazy(() => import('./routes/auth'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const AuthCallbackPage = lazy(() => import('./routes/auth-callback'));
const ChannelsPage = lazy(() => import('./routes/channels'));
const NewChannelPage = lazy(() => import('./routes/channel-new'));
const ChannelPage = lazy(() => import('./routes/channel'));
const ChannelSubscribersPage = lazy(() => import('./routes/channel-subscribers'));
const ProfilePage = lazy(() => import('./routes/profile'));
const AdminPage = lazy(() => import('./routes/admin'));
const ArticlePage = lazy(() => import('./routes/article'));
const NewArticlePage = lazy(() => import('./routes/article-new'));
const EditArticlePage = lazy(() => import('./routes/article-edit'));

/**
 * Client routes. Keep in step with CLIENT_ROUTE_PATTERNS in @contract/paths, which the server
 * uses to answer 404 for unknown paths. Pages of later issues (profile, channels, articles,
 * admin) are added here with them; guarded ones are wrapped in ProtectedRoute or AdminRoute.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth-callback', element: <AuthCallbackPage /> },
      { path: 'channels', element: <ChannelsPage /> },
      { path: 'channels/new', element: <ProtectedRoute><NewChannelPage /></ProtectedRoute> },
      { path: 'channels/:id', element: <ChannelPage /> },
      { path: 'channels/:slug/:id', element: <ChannelPage /> },
      { path: 'channels/:id/subscribers', element: <ProtectedRoute><ChannelSubscribersPage /></ProtectedRoute> },
      { path: 'profile', element: <ProtectedRoute><ProfilePage /></ProtectedRoute> },
      { path: 'admin', element: <AdminRoute><AdminPage /></AdminRoute> },
      { path: 'articles/new', element: <ProtectedRoute><NewArticlePage /></ProtectedRoute> },
      { path: 'channels/:channelId/articles/new', element: <ProtectedRoute><NewArticlePage /></ProtectedRoute> },
      { path: 'articles/:slugAndId', element: <ArticlePage /> },
      { path: 'articles/:id/edit', element: <ProtectedRoute redirectTo="/"><EditArticlePage /></ProtectedRoute> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
