import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';

/** The query cache route loaders and actions fill and read (React Router's context). */
const queryClientContext = createContext<QueryClient>();

/** The context given to every loader and action: on the server per render, in the browser once. */
export function createRouterContext(queryClient: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, queryClient);
  return context;
}

/** The query client of a loader's or action's `context`. */
export function queryClientOf(context: unknown): QueryClient {
  return (context as RouterContextProvider).get(queryClientContext);
}
