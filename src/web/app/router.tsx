import type { ComponentType, ReactNode } from 'react';
import type { ActionFunction, LoaderFunction, Params, RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { retryImport } from '@/lib/chunk-retry';
import { RootLayout } from './layout/root-layout';
import { rootLoader } from './route-guards';
import { PageError, RootError } from './routes/route-error';

/** Extra <head> elements of a page (share tags, canonical, JSON-LD, feeds), from what its loader put in the cache. */
export type PageHead = (context: { queryClient: QueryClient; params: Params; publicUrl: string }) => ReactNode;

/** What a page module (app/routes/{name}.tsx) exports: its component, its loader, and what it adds. */
export interface PageModule {
  default: ComponentType;
  loader: LoaderFunction;
  action?: ActionFunction;
  /** What the page shows for an error its loader throws (the article's 404), inside the layout. */
  ErrorBoundary?: ComponentType;
  head?: PageHead;
}

/**
 * What the server reads from the matched routes besides their loaders (docs/decisions/008-one-render-path.md):
 * `page` names the module in app/routes (its chunk is preloaded), `cacheable` lets anonymous
 * readers share a micro-cached copy, `status` is the page's status when no loader says otherwise,
 * `reading` marks a page a signed-out reader reads before doing anything, whose app starts when
 * they first act (docs/decisions/050-the-app-starts-when-the-reader-acts.md).
 */
export interface RouteHandle {
  page?: string;
  cacheable?: boolean;
  status?: number;
  reading?: boolean;
}

/** Every page module; each is its own chunk, loaded when its route is first opened. */
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/route-error.tsx', '!./routes/article-editing.tsx']);

/** The built chunk of each page, keyed as in Vite's manifest (`app/routes/home.tsx`). */
export function pageModuleFile(page: string): string {
  return `app/routes/${page}.tsx`;
}

const loadedPages = new Map<string, Promise<PageModule>>();

/**
 * The module of a page (a failed download is tried again twice, lib/chunk-retry.ts), kept once
 * loaded: the server asks for it on every render (its head), and a dynamic import of a module
 * already loaded still costs a pass through the module loader.
 */
export function loadPageModule(name: string): Promise<PageModule> {
  let loading = loadedPages.get(name);
  if (!loading) {
    const load = pageModules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`No page module app/routes/${name}.tsx`);
    loading = retryImport(load);
    loadedPages.set(name, loading);
    // A failed load is forgotten, so the next navigation tries again.
    loading.catch(() => loadedPages.delete(name));
  }
  return loading;
}

/** A route whose page lives in app/routes/{name}.tsx, loaded with `route.lazy`. */
function page(name: string, handle: Omit<RouteHandle, 'page'> = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  if (!pageModules[`./routes/${name}.tsx`]) throw new Error(`No page module app/routes/${name}.tsx`);
  return {
    handle: { ...handle, page: name } satisfies RouteHandle,
    lazy: async () => {
      const module = await loadPageModule(name);
      return { Component: module.default, loader: module.loader, action: module.action, ErrorBoundary: module.ErrorBoundary };
    },
  };
}

/**
 * The route table: the only place a page path is declared (docs/decisions/008-one-render-path.md). The server renders
 * from it with `createStaticHandler`, the browser with `createBrowserRouter`. Each page's loader
 * first asks its guard (route-guards.ts: a redirect before anything renders or loads), then fills
 * the query cache with what the page shows first.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    loader: rootLoader,
    errorElement: <RootError />,
    children: [
      {
        // Inside the layout: an error of one page (a chunk that cannot load, a missing thing) keeps the header.
        errorElement: <PageError />,
        children: [
          { index: true, ...page('home', { cacheable: true, reading: true }) },
          { path: 'auth', ...page('auth') },
          { path: 'auth-callback', ...page('auth-callback') },
          { path: 'channels', ...page('channels', { cacheable: true, reading: true }) },
          { path: 'channels/:id', ...page('channel') },
          { path: 'channels/:slug/:id', ...page('channel') },
          { path: 'articles/:slugAndId', ...page('article', { cacheable: true, reading: true }) },
          { path: 'articles/:slugAndId/history', ...page('article-history', { cacheable: true, reading: true }) },
          { path: 'users/:username', ...page('author', { cacheable: true, reading: true }) },
          { path: 'reset-password', ...page('reset-password') },
          { path: 'confirm-email', ...page('confirm-email') },
          { path: 'unsubscribe', ...page('unsubscribe') },
          { path: 'channels/new', ...page('channel-new') },
          { path: 'channels/:id/subscribers', ...page('channel-subscribers') },
          { path: 'channels/:id/analytics', ...page('channel-analytics') },
          { path: 'channels/:id/moderation', ...page('channel-moderation') },
          { path: 'channels/:id/queue', ...page('channel-queue') },
          { path: 'channels/:id/staff', ...page('channel-staff') },
          { path: 'channels/:id/import', ...page('channel-import') },
          { path: 'profile', ...page('profile') },
          { path: 'articles/new', ...page('article-new') },
          { path: 'channels/:channelId/articles/new', ...page('article-new') },
          { path: 'articles/:id/edit', ...page('article-edit') },
          { path: 'admin', ...page('admin') },
          { path: 'admin/moderation', ...page('admin-moderation') },
          { path: '*', ...page('not-found', { status: 404 }) },
        ],
      },
    ],
  },
];
