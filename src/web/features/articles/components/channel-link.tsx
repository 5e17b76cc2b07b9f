import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/utils';
import { AuthRequiredDialog } from '@/components/auth-required-dialog';

/**
 * Opens an article's channel (docs/product.md#article): signed-in readers go to `to`; signed-out readers
 * get the 'Authentication Required' dialog; an article without a channel id only logs.
 */
export function ChannelLink({
  channelId,
  to,
  signedIn,
  children,
  className,
}: {
  channelId: number | null | undefined;
  to: string;
  signedIn: boolean;
  children: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  const [askToSignIn, setAskToSignIn] = useState(false);

  const open = () => {
    if (!channelId) {
      console.warn('This article has no channel id; cannot open its channel');
      return;
    }
    if (!signedIn) {
      setAskToSignIn(true);
      return;
    }
    void navigate(to);
  };

  return (
    <>
      <button
        type="button"
        onClick={open}
        className={cn(
          'rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        {children}
      </button>
      {/* Signed in, the reader is taken on to the channel they asked for. */}
      <AuthRequiredDialog open={askToSignIn} onOpenChange={setAskToSignIn} description="Please sign in to view channel details." next={to} />
    </>
  );
}
