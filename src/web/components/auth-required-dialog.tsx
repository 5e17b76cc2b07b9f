import { LoadOnFirstOpen } from './on-demand';
import { lazyWithRetry } from '@/lib/chunk-retry';

const AuthRequiredDialogContent = lazyWithRetry(() => import('./auth-required-dialog-content'));

/**
 * 'Authentication Required' with Cancel and Sign In (to /auth): what a signed-out reader sees on
 * opening a channel from a card or an article, subscribing, or reacting (docs/product.md#roles and
 * #channels). Sign In comes back to `next`, else to this page (docs/product.md#returning-sign-in). One
 * component, so every prompt looks and behaves the same. Its code loads the first time it opens.
 */
export function AuthRequiredDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; description: string; next?: string }) {
  return (
    <LoadOnFirstOpen open={props.open}>
      <AuthRequiredDialogContent {...props} />
    </LoadOnFirstOpen>
  );
}
