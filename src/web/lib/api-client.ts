import type { QueryFunction } from '@tanstack/react-query';
import { CLIENT_VERSION, SITE_NAME } from './site';

/** A non-ok answer from the API. `message` is what a person can read (docs/product.md#api). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The readable text of an error body: its `error` field, else its `message` field. */
export function messageFromErrorBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Error field, else message field, else 'Request failed with status {status}: {statusText}' (docs/product.md#api). */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const message =
    messageFromErrorBody(parseJson(text)) ?? `Request failed with status ${response.status}: ${response.statusText}`;
  return new ApiError(response.status, message);
}

/**
 * The headers of every API request: JSON answers, and the client naming itself (docs/product.md#api:
 * '{product}, version 1.0.0'), so the server's logs and operators can tell the web client apart.
 */
export const API_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json', 'X-Client-Info': `${SITE_NAME}/${CLIENT_VERSION}` };

/**
 * The JSON request helper (docs/product.md#api): an optional JSON body, the session cookie
 * (credentials included), non-ok answers thrown as ApiError, 204 resolved as undefined.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...API_HEADERS };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data fetch (docs/product.md#api): a GET to the query key's first element. A 401
 * throws unless `on401` is 'returnNull'; any other non-ok answer throws '{status}: {body text}'
 * (docs/product.md#api).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') throw new Error('The first element of a query key must be the URL to fetch');
    const response = await fetch(url, { headers: API_HEADERS, credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    if (!response.ok) {
      const text = (await response.text().catch(() => '')) || response.statusText;
      throw new ApiError(response.status, `${response.status}: ${text}`);
    }
    return (await response.json()) as T;
  };
}

/** A readable message for a failed call: the server's text when there is one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
}
