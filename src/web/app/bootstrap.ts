import type { QueryClient } from '@tanstack/react-query';
import type { AuthProviders, CurrentUser } from '@contract/auth';
import { authProvidersQueryKey, currentUserQueryKey } from '@/features/auth/api/query-keys';

/** The id of the JSON block the server puts in <head> in place of <!--app-head-->. */
export const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';

export interface BootstrapData {
  user?: CurrentUser | null;
  providers?: AuthProviders;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The block is written by our own server from the same contract, so a shape check is enough;
// the contract's zod schemas would put zod into the first chunk of every page.
function isCurrentUser(value: unknown): value is CurrentUser {
  return isRecord(value) && Number.isInteger(value.id) && typeof value.username === 'string' && typeof value.isAdmin === 'boolean';
}

/**
 * Reads the server's bootstrap block. A part without the expected shape is left out (and then
 * fetched normally); no block at all, as under vite dev, gives {}.
 */
export function parseBootstrapData(text: string | null | undefined): BootstrapData {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(raw)) return {};
  const data: BootstrapData = {};
  if (raw.user === null || isCurrentUser(raw.user)) data.user = raw.user;
  if (isRecord(raw.providers) && typeof raw.providers.google === 'boolean') data.providers = { google: raw.providers.google };
  return data;
}

/** Seeds the query cache so the first render needs no request for the session or the sign-in options. */
export function seedQueryCache(queryClient: QueryClient, data: BootstrapData): void {
  if (data.user !== undefined) queryClient.setQueryData(currentUserQueryKey, data.user);
  if (data.providers) queryClient.setQueryData(authProvidersQueryKey, data.providers);
}

export function readBootstrapData(doc: Document): BootstrapData {
  return parseBootstrapData(doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent);
}
