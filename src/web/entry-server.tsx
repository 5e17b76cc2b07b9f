import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { PageRequest, PageRouterState, RenderPage } from '@contract/pages';
import { HeadCollectorContext, type HeadCollector } from '@/components/document-title';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { createQueryClient } from '@/lib/query-client';
import { createRouterContext } from '@/lib/router-context';
import { answerFromServer } from '@/lib/server-data';
import { SITE_NAME } from '@/lib/site';
import { authProvidersQueryKey, currentUserQueryKey, isAdminQueryKey } from '@/features/auth/api/query-keys';
import { AppProvider } from './app/provider';
import { loadPageModule, pageModuleFile, routes, type RouteHandle } from './app/router';
import { renderToHtml } from './render-to-html';

/**
 * The server's render of a page (docs/decisions/008-one-render-path.md), React Router's data router as its docs show
 * for server rendering: `createStaticHandler` runs the matched routes' loaders (or a form's action)
 * for the request, `createStaticRouter` + `StaticRouterProvider` render the same route table the
 * browser hydrates. The server (src/server/http/pages.ts) loads this bundle and calls `render`
 * with the request and a data source backed by its services.
 */

// Built once: the handler flattens and ranks the route table when it is created, not per request.
const handler = createStaticHandler(routes);

/** The Fetch request React Router's handler takes: the page's address, and for a form its body. */
function fetchRequest(request: PageRequest, url: URL): Request {
  if (request.method !== 'POST') return new Request(url);
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: request.form ?? '',
  });
}

/**
 * React Router's hydration data as JSON: loader and action data are plain values here (the query
 * cache holds the pages' data); a thrown response (`data(null, { status: 404 })`) keeps the fields
 * `isRouteErrorResponse` reads in the browser.
 */
function routerState(context: StaticHandlerContext): PageRouterState {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          error instanceof Error ? { message: 'Unexpected Server Error' } : (error as unknown),
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

export const render: RenderPage = async (request, source) => {
  const url = new URL(request.url, request.publicUrl);

  // The browser's own settings, so both renders see the same query states. The session and the
  // sign-in providers are known before any loader runs; loaders fill the rest through `source`.
  const queryClient = createQueryClient();
  answerFromServer(queryClient, source);
  queryClient.setQueryData(currentUserQueryKey, request.user);
  queryClient.setQueryData(authProvidersQueryKey, request.providers);
  if (request.user) queryClient.setQueryData(isAdminQueryKey(request.user.id), { isAdmin: request.user.isAdmin });

  const context = await handler.query(fetchRequest(request, url), { requestContext: createRouterContext(queryClient) });
  if (context instanceof Response) {
    // A guard, an old article address or a form that went through: send the browser on.
    const location = context.headers.get('location') ?? '/';
    const status = context.status === 301 || context.status === 303 ? context.status : 302;
    return {
      status,
      redirect: { location, status },
      head: '',
      html: '',
      state: { preferences: request.preferences, queries: null, router: null },
      cacheable: false,
      modules: [],
      startsOnIntent: false,
    };
  }

  const handles = context.matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
  const pageName = handles.findLast((handle) => handle.page)?.page;
  const status = context.statusCode !== 200 ? context.statusCode : (handles.findLast((handle) => handle.status)?.status ?? 200);
  // A page read by a signed-out reader, as every such reader gets it: shared from the cache, started on intent.
  const anonymousRead = request.method === 'GET' && request.user === null && status === 200;

  const router = createStaticRouter(handler.dataRoutes, context);
  const collector: HeadCollector = {};
  const html = await renderToHtml(() => (
    <StrictMode>
      <HeadCollectorContext.Provider value={collector}>
        <PagePreferencesProvider value={request.preferences}>
          <AppProvider queryClient={queryClient}>
            {/* No hydration script (the Content-Security-Policy allows none): the data goes into the page state. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </PagePreferencesProvider>
      </HeadCollectorContext.Provider>
    </StrictMode>
  ));

  // The handler has loaded the page's module (route.lazy), so this is at hand.
  const page = pageName ? await loadPageModule(pageName) : undefined;
  const params = context.matches.at(-1)?.params ?? {};
  const head = renderToStaticMarkup(
    <>
      <title>{collector.title ?? SITE_NAME}</title>
      {page?.head?.({ queryClient, params, publicUrl: request.publicUrl })}
    </>,
  );

  return {
    status,
    head,
    html,
    state: { preferences: request.preferences, queries: dehydrate(queryClient), router: routerState(context) },
    cacheable: anonymousRead && handles.some((handle) => handle.cacheable),
    modules: pageName ? [pageModuleFile(pageName)] : [],
    startsOnIntent: anonymousRead && handles.some((handle) => handle.reading),
  };
};
