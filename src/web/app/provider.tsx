import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ImageVisibilityProvider } from '@/lib/image-visibility';

/**
 * Providers that do not depend on the route or the session. The session (AuthProvider) and the
 * theme, which follows it, live in the root layout because signing in and out navigates.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ImageVisibilityProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </ImageVisibilityProvider>
    </QueryClientProvider>
  );
}
