import { useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@contract/auth';
import { authProvidersQueryKey } from './query-keys';

/** GET /api/auth/providers: which external sign-ins are configured. Unknown or failed means none. */
export function useAuthProviders(): AuthProviders & { isLoading: boolean } {
  const query = useQuery<AuthProviders>({ queryKey: authProvidersQueryKey });
  return { google: query.data?.google === true, isLoading: query.isLoading };
}
