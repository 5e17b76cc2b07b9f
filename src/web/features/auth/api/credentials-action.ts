import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { safeReturnPath } from '@contract/paths';
import { dismissToast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { serverSourceOf } from '@/lib/server-data';
import { authErrorMessage } from '../lib/auth-errors';
import { credentialsProblem, type CredentialsMode } from '../lib/credentials-form';
import { login, register, setSessionUser } from './session';

/** What the sign-in page shows after a refused attempt: which form, its words, and the username to keep. */
export interface CredentialsActionResult {
  intent: CredentialsMode;
  error: string;
  username: string;
}

/**
 * The sign-in page's action: Login or Register (the form's `intent`), sent as a form. In the browser
 * it calls the API and caches the new session; on the server (the form sent before the app started,
 * or with JavaScript off) the data source signs in with the API's own rules (rate limit, failed
 * attempts, a new session cookie). Success goes to `next` (303 from the server, so a reload does not
 * post again); a refusal renders the form again with the product's words. The password is read from
 * the body only and never leaves this function.
 */
export async function credentialsAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent: CredentialsMode = form.get('intent') === 'register' ? 'register' : 'login';
  const credentials = { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') };
  const refuse = (status: number, error: string) =>
    data<CredentialsActionResult>({ intent, error, username: credentials.username.slice(0, 256) }, { status });
  // The page the guard or prompt sent the reader from (docs/product.md#returning-sign-in), if it is on this site.
  const next = safeReturnPath(new URL(request.url).searchParams.get('next'));

  // The same checks as the form's (without JavaScript the form checked nothing).
  const problem = credentialsProblem(intent, credentials);
  if (problem) return refuse(400, problem);

  const queryClient = queryClientOf(context);
  const source = serverSourceOf(queryClient);
  if (source) {
    const result = intent === 'login' ? await source.signIn(credentials) : await source.register(credentials);
    if (!result.ok) return refuse(result.status, result.error);
    throw redirect(next, 303);
  }
  try {
    setSessionUser(queryClient, await (intent === 'login' ? login(credentials) : register(credentials)));
  } catch (error) {
    return refuse(error instanceof ApiError ? error.status : 400, authErrorMessage(error));
  }
  // An earlier attempt's failure is answered now; it must not greet the user on the next page.
  dismissToast();
  throw redirect(next);
}
