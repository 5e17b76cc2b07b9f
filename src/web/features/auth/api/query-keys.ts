/**
 * Query keys of the auth feature. The first element is the URL the default query function
 * fetches (docs/product.md#api); the server render puts both in the page state (entry-server.tsx).
 */
export const currentUserQueryKey = ['/api/user'] as const;
export const authProvidersQueryKey = ['/api/auth/providers'] as const;
/** Keyed by user so that every session change asks again (docs/product.md#header). */
export const isAdminQueryKey = (userId: number | null) => ['/api/is-admin', userId] as const;

/** Answers that do not depend on who is signed in; every other cached answer is reset on sign-in and sign-out. */
export const SESSION_INDEPENDENT_URLS: ReadonlySet<string> = new Set([currentUserQueryKey[0], authProvidersQueryKey[0]]);
