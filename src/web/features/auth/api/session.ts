import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/auth';
import { ApiError, apiRequest } from '@/lib/api-client';
import { clearSelectedChannelStorage } from '@/lib/storage';
import { storedTheme } from '@/lib/theme';
import { userFromAuthResponse, type AuthResponse } from './auth-response';
import { currentUserQueryKey, SESSION_INDEPENDENT_URLS } from './query-keys';

export interface Credentials {
  username: string;
  password: string;
}

export async function login(credentials: Credentials): Promise<CurrentUser> {
  return userFromAuthResponse(await apiRequest<AuthResponse>('POST', '/api/login', credentials));
}

export async function register(credentials: Credentials): Promise<CurrentUser> {
  return userFromAuthResponse(await apiRequest<AuthResponse>('POST', '/api/register', credentials));
}

/** Sign-out ignores 401, 403 and 404 from the server and still clears the local session (docs/product.md#sign-in). */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}

/**
 * A new session (or none): cache the user and drop every cached answer that depended on the old
 * one (a feed, own channels, subscriptions), so nothing of one user shows to the next.
 */
export function setSessionUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(currentUserQueryKey, user);
  void queryClient.resetQueries({
    predicate: (query) => !SESSION_INDEPENDENT_URLS.has(String(query.queryKey[0])),
  });
}

/** Answers only a signed-in user gets (their channels, subscriptions, admin check, debug views). */
const SIGNED_IN_ONLY = ['/api/user/', '/api/is-admin', '/api/debug/'];

/**
 * What logout leaves behind (docs/product.md#header): no cached user, no selected channel, the light
 * theme. Called after leaving the page, so a protected page does not first bounce to /auth.
 */
export function endSession(queryClient: QueryClient): void {
  // What only a signed-in user can ask for is dropped, not refetched: its components are still
  // mounted with the old user for a moment, and a refetch would only earn a 401.
  queryClient.removeQueries({ predicate: (query) => SIGNED_IN_ONLY.some((prefix) => String(query.queryKey[0]).startsWith(prefix)) });
  setSessionUser(queryClient, null);
  clearSelectedChannelStorage();
  storedTheme.set('light');
}
