import { EyeIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useResolveReports } from '../api/moderation';

/**
 * Unhide, beside a hidden comment a moderator reads in its place: its reports were closed when it
 * was hidden, so the queue no longer lists it, and this is where it is shown again.
 */
export function UnhideButton({ commentId }: { commentId: number }) {
  const resolve = useResolveReports();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={resolve.isPending}
      onClick={() =>
        resolve.mutate(
          { targetType: 'comment', targetId: commentId, action: 'unhide' },
          {
            onSuccess: () => toast({ title: 'Comment shown again' }),
            onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
          },
        )
      }
    >
      <EyeIcon aria-hidden="true" />
      Unhide
    </Button>
  );
}
