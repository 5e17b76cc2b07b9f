import { cn } from '@/lib/utils';
import { useInvitations } from '../api/staff-queries';
import { invitationsLabel } from '../lib/format';

/**
 * The number of the reader's pending invitations, beside their name in the user menu and on the
 * phone's menu button. The invitations come with every signed-in page (the root loader), so the
 * server already renders it; it sits inside its button's fixed height, so it moves nothing either way.
 */
export function InvitationsBadge({ className }: { className?: string }) {
  const invitations = useInvitations(true);
  const count = invitations.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span
      data-testid="invitations-badge"
      className={cn('inline-flex h-4 min-w-4 shrink-0 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums', className)}
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{invitationsLabel(count)}</span>
    </span>
  );
}
