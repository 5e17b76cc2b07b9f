import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { PageRenderResult, PageRequest, RenderPage } from '@contract/pages';
import { HeadCollectorContext, type HeadCollector } from '@/components/document-title';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { createQueryClient } from '@/lib/query-client';
import { SITE_NAME } from '@/lib/site';
import { authProvidersQueryKey, currentUserQueryKey, isAdminQueryKey } from '@/features/auth/api/query-keys';
import { AppProvider } from './app/provider';
import type { PageLoaderResult, RouteHandle } from './app/page-data';
import { AppRoutes, loadPageModule, pageModuleFile, routes } from './app/router';
import { createRouteMatcher } from './app/route-matcher';
import { renderToHtml } from './render-to-html';

/**
 * The server's render of a page (DESIGN.md section 7): the same route table and components the
 * browser hydrates. The server (src/server/http/pages.ts) loads this bundle and calls `render`
 * with the request and a data source backed by its services.
 */

function allowed(handle: RouteHandle, user: PageRequest['user']): boolean {
  if (!handle.access) return true;
  switch (handle.access.require) {
    case 'signed-in':
      return user !== null;
    case 'admin':
      return user?.isAdmin === true;
    case 'signed-out':
      return user === null;
  }
}

// React Router's matchRoutes flattens, ranks and compiles the table on every call: compiled once here
// (decision 020), and given to AppRoutes so the render matches with it too.
const matchAppRoutes = createRouteMatcher(routes);

export const render: RenderPage = async (request, source) => {
  const url = new URL(request.url, request.publicUrl);
  const matches = matchAppRoutes(url.pathname) ?? [];
  const handles = matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
  const redirect = (location: string, status: 301 | 302): PageRenderResult => ({
    status,
    redirect: { location, status },
    head: '',
    html: '',
    state: { preferences: request.preferences, queries: null },
    cacheable: false,
    modules: [],
  });

  const refused = handles.find((handle) => !allowed(handle, request.user));
  if (refused?.access) return redirect(refused.access.redirectTo, 302);

  const leaf = matches.at(-1);
  const leafHandle = handles.findLast((handle) => handle.page) ?? {};
  let status = leafHandle.status ?? 200;

  // The browser's own settings, so both renders see the same query states. Nothing fetches here:
  // queries start fetching when subscribed, which only happens in the browser; loaders fill the cache.
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, request.user);
  queryClient.setQueryData(authProvidersQueryKey, request.providers);
  if (request.user) queryClient.setQueryData(isAdminQueryKey(request.user.id), { isAdmin: request.user.isAdmin });

  const page = leafHandle.page ? await loadPageModule(leafHandle.page) : undefined;
  const params = leaf?.params ?? {};
  const [loaded] = await Promise.all([
    page?.loadPageData?.({ source, queryClient, params, url, user: request.user }) as Promise<PageLoaderResult>,
    request.user ? source.ownChannels().then((channels) => queryClient.setQueryData(['/api/user/channels'], channels)) : undefined,
  ]);
  if (loaded?.redirect) return redirect(loaded.redirect.location, loaded.redirect.status);
  if (loaded?.status) status = loaded.status;

  const collector: HeadCollector = {};
  const html = await renderToHtml(() => (
    <StrictMode>
      <HeadCollectorContext.Provider value={collector}>
        <PagePreferencesProvider value={request.preferences}>
          <AppProvider queryClient={queryClient}>
            <StaticRouter location={url.pathname + url.search + url.hash}>
              <AppRoutes match={matchAppRoutes} />
            </StaticRouter>
          </AppProvider>
        </PagePreferencesProvider>
      </HeadCollectorContext.Provider>
    </StrictMode>
  ));

  const extraHead = page?.pageHead?.({ queryClient, params, publicUrl: request.publicUrl });
  const head = renderToStaticMarkup(
    <>
      <title>{collector.title ?? SITE_NAME}</title>
      {extraHead}
    </>,
  );

  return {
    status,
    head,
    html,
    state: { preferences: request.preferences, queries: dehydrate(queryClient) },
    cacheable: request.user === null && status === 200 && handles.some((handle) => handle.cacheable),
    modules: leafHandle.page ? [pageModuleFile(leafHandle.page)] : [],
  };
};
