import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@contract/users';
import { ApiError, apiRequest } from '@/lib/api-client';
import { fromSource } from '@/lib/server-data';
import { authorApiUrl } from './authors';

export const userQueryKey = (id: number) => [`/api/users/${id}`] as const;

/** GET /api/users/{id}: username, bio and the date they joined. A 404 is an ApiError with status 404. */
export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: fromSource(
      async (source) => {
        const user = await source.user(id);
        if (!user) throw new ApiError(404, 'User not found');
        return user;
      },
      (signal) => apiRequest<PublicUser>('GET', `/api/users/${id}`, undefined, { signal }),
    ),
  });

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}

/** PATCH /api/users/{id} with the bio. It throws the profile's error messages. */
export function useUpdateDescription(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (description: string) => {
      if (id === null) throw new Error('Not authenticated');
      const updated = await apiRequest<PublicUser>('PATCH', `/api/users/${id}`, { description: description.trim() ? description : null }).catch(
        (error: unknown) => {
          throw error instanceof Error && error.message ? error : new Error('Failed to update description');
        },
      );
      return updated;
    },
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      // The signed-in user's cached record carries the bio too, and so does their author page.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/user'], exact: true }),
        queryClient.invalidateQueries({ queryKey: [authorApiUrl(user.username)] }),
      ]);
    },
  });
}
