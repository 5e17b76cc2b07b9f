import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { checkCommentContent, COMMENT_MESSAGES } from '@contract/comment-rules';
import { articleIdFromSegment } from '@contract/paths';
import { ApiError, apiRequest } from '@/lib/api-client';
import { invalidateApi } from '@/lib/query-client';
import { queryClientOf } from '@/lib/router-context';
import { serverSourceOf } from '@/lib/server-data';
import type { Comment } from '@contract/comments';
import { commentsUrl } from './comments';

/** The alert of a comment sent without a connection (the words of docs/product.md#comments, and what to do). */
export const COMMENT_NOT_SENT_OFFLINE = `${COMMENT_MESSAGES.postFailed}: you are offline. Your comment is still in the box; send it again once you are back online.`;

/** What the comment and reply forms read back from a post: the refusal, or that it went through. */
export type CommentActionResult =
  /** `pending`: the channel holds it for approval (moderation), so only its author sees it for now. */
  | { ok: true; parentId: number | null; pending?: boolean }
  | { ok: false; status: number; error: string; parentId: number | null };

/**
 * The article page's action: a comment or a reply (docs/product.md#comments), sent as a form. In the
 * browser it posts to the API and refreshes the threads, the article and the lists; on the server
 * (the form sent before the app started, or with JavaScript off) it writes through the data source
 * as the signed-in reader and sends the browser back to the comments (303), so a reload does not
 * post again. The comment travels in the request body only, never in an address.
 */
export async function postCommentAction({ request, params, context }: ActionFunctionArgs) {
  const articleId = articleIdFromSegment(params.slugAndId ?? '');
  if (articleId === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const parentField = String(form.get('parent_id') ?? '');
  const parentId = /^\d{1,10}$/.test(parentField) ? Number(parentField) : null;
  const refuse = (status: number, error: string) => data<CommentActionResult>({ ok: false, status, error, parentId }, { status });

  const checked = checkCommentContent(String(form.get('content') ?? ''));
  if (!checked.ok) return refuse(400, checked.error);
  const comment = { content: checked.content, parent_id: parentId };

  const queryClient = queryClientOf(context);
  const source = serverSourceOf(queryClient);
  if (source) {
    const result = await source.postComment(articleId, comment);
    if (!result.ok) return refuse(result.status, result.error);
    throw redirect(`${new URL(request.url).pathname}#comments`, 303);
  }
  let posted: Comment;
  try {
    posted = await apiRequest<Comment>('POST', commentsUrl(articleId), comment);
  } catch (error) {
    if (error instanceof ApiError) return refuse(error.status, error.message);
    // No answer at all (fetch's TypeError): offline, or the server out of reach. Nothing was
    // posted and nothing will be sent later; the form keeps the text for another try.
    if (error instanceof TypeError) return refuse(503, COMMENT_NOT_SENT_OFFLINE);
    throw error;
  }
  // The comment list, the article and the article lists are refreshed. The form
  // empties at once (the answer below); the lists follow when their new pages arrive.
  void invalidateApi(queryClient, '/api/articles', '/api/comments');
  return { ok: true, parentId, pending: posted.status === 'pending' };
}
