import { useLocation } from 'react-router';
import { paths } from '@contract/paths';

/**
 * The sign-in address of a prompt (docs/product.md#returning-sign-in): `/auth?next=…`, back to `next` or else
 * to the page the reader is on now, once they have signed in or registered.
 */
export function useSignInPath(next?: string): string {
  const { pathname, search } = useLocation();
  return paths.signIn(next ?? pathname + search);
}
