import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadOnFirstOpen } from '@/components/on-demand';
import { useToast } from '@/components/ui/use-toast';
import { ImageVisibilityProvider } from '@/lib/image-visibility';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazyWithRetry(() => loadToaster().then((m) => ({ default: m.Toaster })));

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

/**
 * The toast area. Its Radix code stays out of the first load and is fetched once the page is idle,
 * so the first toast (often the answer to the reader's first click) shows at once.
 */
function ToasterOnDemand() {
  const { toasts } = useToast();
  useEffect(() => {
    const load = () => void loadToaster().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <LoadOnFirstOpen open={toasts.length > 0}>
      <Toaster />
    </LoadOnFirstOpen>
  );
}
