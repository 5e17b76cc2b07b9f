import type { CurrentUser } from '../../contract/auth.js';

/** Who a request is signed in as: the user the session cookie names, and that session. */
export interface SessionUser extends CurrentUser {
  sessionId: string;
}
