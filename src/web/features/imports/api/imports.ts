import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ImportCounts, ImportJob, ImportPreview } from '@contract/imports';
import { API_HEADERS, ApiError, apiRequest, messageFromErrorBody } from '@/lib/api-client';

export interface ImportChoice {
  file: File;
  /** Empty: the server detects the format. */
  format: string;
  authors: 'accounts' | 'me';
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * POST the archive as multipart. fetch sends the page's Origin with a POST like every other write,
 * so the server's same-origin check passes; the body is FormData, so no Content-Type is set here.
 */
export async function postImport(channelId: number, choice: ImportChoice, dryRun: boolean): Promise<ImportPreview | { id: number }> {
  const form = new FormData();
  if (choice.format) form.append('format', choice.format);
  form.append('authors', choice.authors);
  form.append('file', choice.file, choice.file.name);
  const response = await fetch(`/api/channels/${channelId}/imports${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { ...API_HEADERS },
    body: form,
    credentials: 'include',
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, messageFromErrorBody(body) ?? `Request failed with status ${response.status}`);
  return body as ImportPreview | { id: number };
}

export const importsKeys = {
  job: (id: number) => ['imports', 'job', id] as const,
  list: (channelId: number) => ['imports', 'list', channelId] as const,
};

/** One import, asked again every second until it is done or failed. */
export function importJobQueryOptions(id: number) {
  return queryOptions({
    queryKey: importsKeys.job(id),
    queryFn: () => apiRequest<ImportJob>('GET', `/api/imports/${id}`),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 1000),
  });
}

export function useImportJob(id: number | null) {
  return useQuery({ ...importJobQueryOptions(id ?? 0), enabled: id !== null });
}

function usePaged<T>(key: readonly unknown[], url: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => apiRequest<Page<T>>('GET', pageParam ? `${url}?cursor=${encodeURIComponent(pageParam)}` : url),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePastImports(channelId: number, enabled = true) {
  return usePaged<ImportJob>(importsKeys.list(channelId), `/api/channels/${channelId}/imports`, enabled);
}

export const COUNT_LABELS: [keyof ImportCounts, string][] = [
  ['articles', 'Articles'],
  ['drafts', 'Drafts'],
  ['comments', 'Comments'],
  ['images', 'Images'],
  ['redirects', 'Redirects'],
  ['subscribers', 'Subscribers'],
  ['skipped', 'Skipped'],
];

export const FORMAT_NAMES: Record<string, string> = {
  ghost: 'Ghost',
  wordpress: 'WordPress',
  substack: 'Substack',
  medium: 'Medium',
  broadsheet: 'Broadsheet',
};
