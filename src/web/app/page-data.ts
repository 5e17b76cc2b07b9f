import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { CurrentUser } from '@contract/auth';
import type { ApiQuery, PageDataSource } from '@contract/pages';

/** What a page's server-side data loader gets (src/web/entry-server.tsx). */
export interface PageLoaderContext {
  source: PageDataSource;
  queryClient: QueryClient;
  params: Params;
  url: URL;
  user: CurrentUser | null;
}

/** What a loader can decide besides filling the query cache: the status, or another address. */
export type PageLoaderResult = void | { status?: number; redirect?: { location: string; status: 301 | 302 } };

/**
 * Fills the query cache with what the page shows first, under the API URLs its components query,
 * so the server renders the content and the browser's first render asks for nothing.
 */
export type PageLoader = (context: PageLoaderContext) => Promise<PageLoaderResult>;

/** Extra <head> elements of a page (share tags, canonical, JSON-LD, feeds), from what its loader fetched. */
export type PageHead = (context: { queryClient: QueryClient; params: Params; publicUrl: string }) => ReactNode;

/** What a route module (src/web/app/routes/*.tsx) exports. */
export interface PageModule {
  default: React.ComponentType;
  loadPageData?: PageLoader;
  pageHead?: PageHead;
}

/**
 * What the server needs to know about a route, declared beside it in the route table (router.tsx).
 * `page` names its module in app/routes; the other fields are read from the matched routes.
 */
export interface RouteHandle {
  page?: string;
  /** Anonymous readers may share a cached copy of the page (DESIGN.md section 7). */
  cacheable?: boolean;
  /** The status the page answers with (the not-found page: 404). */
  status?: number;
  /** Who may open the pages under this route; others are sent to `redirectTo`. */
  access?: { require: 'signed-in' | 'admin' | 'signed-out'; redirectTo: string };
}

/** The query string of an API URL as the route receives it (a repeated parameter becomes a list). */
export function apiQueryOf(apiUrl: string): ApiQuery {
  const query: ApiQuery = {};
  for (const [key, value] of new URL(apiUrl, 'http://page.invalid').searchParams) {
    const previous = query[key];
    query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}
