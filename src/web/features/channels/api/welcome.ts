import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { WELCOME_COOKIE } from '@contract/welcome';
import { fromSource } from '@/lib/server-data';

/** Not an API address: the answer is this browser's cookie, read where the page renders. */
const welcomeKey = (userId: number) => ['welcome-panel', userId] as const;

/** Whether the cookie registration set names this user (the browser's side of PageDataSource.welcome). */
function welcomeCookieNames(userId: number): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split('; ').some((pair) => pair === `${WELCOME_COOKIE}=${userId}`);
}

/**
 * Whether the feed greets this reader with the welcome panel (docs/product.md#welcome): they registered
 * in this browser and have not dismissed it. Read by the server from the request and by the browser
 * from its cookies, so both renders agree.
 */
export const welcomeQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: welcomeKey(userId),
    queryFn: fromSource(
      async (source) => source.welcome(),
      async () => welcomeCookieNames(userId),
    ),
  });

export function useWelcome(userId: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...welcomeQueryOptions(userId ?? 0), enabled: userId !== null });
  return {
    show: userId !== null && query.data === true,
    /** For good: the cookie goes, so no later page of this browser shows the panel again. */
    dismiss: () => {
      document.cookie = `${WELCOME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
      if (userId !== null) queryClient.setQueryData(welcomeKey(userId), false);
    },
  };
}
