import { data, redirect, type ActionFunctionArgs } from 'react-router';
import type { UnsubscribeInfo } from '@contract/email';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { serverSourceOf } from '@/lib/server-data';
import { unsubscribeInfoKey, unsubscribeUrl } from './email';

/** What the unsubscribe page reads back from its button: a refusal's words, or that it went through. */
export type UnsubscribeActionResult = { ok: true } | { ok: false; error: string };

/**
 * The unsubscribe page's button, a form posted to the page. In the browser it posts to the API
 * (RFC 8058's address) and marks the link's emails as stopped; on the server (JavaScript off, or
 * before the app started) it stops them through the data source and sends the browser back to the
 * page (303), which now says they are stopped, so a reload does not post again.
 */
export async function unsubscribeAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const queryClient = queryClientOf(context);
  const source = serverSourceOf(queryClient);
  if (source) {
    const result = await source.unsubscribe(token);
    if (!result.ok) return data<UnsubscribeActionResult>({ ok: false, error: result.error }, { status: result.status });
    throw redirect(`${url.pathname}${url.search}`, 303);
  }
  try {
    await apiRequest('POST', unsubscribeUrl(token), {});
  } catch (error) {
    if (error instanceof ApiError) return data<UnsubscribeActionResult>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
  queryClient.setQueryData<UnsubscribeInfo | null>(unsubscribeInfoKey(token), (info) => info && { ...info, notify: 'none' });
  return { ok: true } satisfies UnsubscribeActionResult;
}
