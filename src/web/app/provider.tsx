import { lazy, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadOnFirstOpen } from '@/components/on-demand';
import { useToast } from '@/components/ui/use-toast';
import { ImageVisibilityProvider } from '@/lib/image-visibility';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * Providers that do not depend on the route or the session. The session (AuthProvider) and the
 * theme, which follows it, live in the root layout because signing in and out navigates.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ImageVisibilityProvider>
        {children}
        <ToasterOnDemand />
      </ImageVisibilityProvider>
    </QueryClientProvider>
  );
}

/** The toast area, whose Radix code loads with the first toast. */
function ToasterOnDemand() {
  const { toasts } = useToast();
  return (
    <LoadOnFirstOpen open={toasts.length > 0}>
      <Toaster />
    </LoadOnFirstOpen>
  );
}
