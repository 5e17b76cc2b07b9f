import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '@contract/auth';
import { paths } from '@contract/paths';
import { queryClientOf } from '@/lib/router-context';
import { serverSourceOf } from '@/lib/server-data';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { isAdminQueryOptions } from '@/features/auth/api/get-is-admin';
import { ownChannelsQueryOptions } from '@/features/channels/api/channels';
import { invitationsQueryOptions, staffChannelsQueryOptions } from '@/features/staff/api/staff-queries';

/**
 * Who may open a page, asked first by the page's loader (docs/product.md#pages): a redirect thrown
 * before anything loads or renders, on the server a 302, in the browser a navigation elsewhere.
 * The session is in the query cache on both sides (the server puts it there; the browser keeps it).
 */

type GuardArgs = Pick<LoaderFunctionArgs, 'context' | 'request'>;

function viewer({ context }: GuardArgs): Promise<CurrentUser | null> {
  return queryClientOf(context).ensureQueryData(currentUserQueryOptions());
}

/** Where sign-in returns to: the page asked for (docs/product.md#returning-sign-in). */
export function signInFor(request: Request): string {
  const url = new URL(request.url);
  return paths.signIn(url.pathname + url.search);
}

/** Signed-in readers only; others go to sign-in, and back here after it. */
export async function signedIn(args: GuardArgs): Promise<CurrentUser> {
  const user = await viewer(args);
  if (!user) throw redirect(signInFor(args.request));
  return user;
}

/** Signed-in readers only; others go home (the edit page, docs/product.md#roles). */
export async function signedInOrHome(args: GuardArgs): Promise<CurrentUser> {
  const user = await viewer(args);
  if (!user) throw redirect(paths.home);
  return user;
}

/** Signed-out visitors only (the sign-in page); a signed-in reader goes home. */
export async function signedOut(args: GuardArgs): Promise<void> {
  if (await viewer(args)) throw redirect(paths.home);
}

/**
 * Administrators only; anyone else, or a failed check, goes home (docs/product.md#roles). The browser
 * asks GET /api/is-admin again on every visit (docs/product.md#roles); the server knows from the session.
 */
export async function admin(args: GuardArgs): Promise<CurrentUser> {
  const user = await signedInOrHome(args);
  const queryClient = queryClientOf(args.context);
  const isAdmin = serverSourceOf(queryClient) ? user.isAdmin : (await queryClient.fetchQuery(isAdminQueryOptions(user.id))).isAdmin;
  if (!isAdmin) throw redirect(paths.home);
  return user;
}

/**
 * The frame of every page: a signed-in reader's own channels and the channels they are staff of
 * (the header's channel switcher, the side menu), and their pending invitations (the user menu's
 * badge). All come in the server's render, so the frame hydrates as it was drawn and moves nothing.
 */
export async function rootLoader(args: LoaderFunctionArgs): Promise<null> {
  const user = await viewer(args);
  if (!user) return null;
  const queryClient = queryClientOf(args.context);
  await Promise.all([
    queryClient.ensureQueryData(ownChannelsQueryOptions(user.id)),
    queryClient.ensureQueryData(staffChannelsQueryOptions()),
    queryClient.ensureQueryData(invitationsQueryOptions()),
  ]);
  return null;
}
