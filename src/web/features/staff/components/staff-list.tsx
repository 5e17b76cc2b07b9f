import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LogOutIcon, UserMinusIcon, XIcon } from 'lucide-react';
import type { StaffMember, StaffRole } from '@contract/staff';
import { STAFF_MESSAGES, STAFF_ROLES } from '@contract/staff-rules';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Spinner } from '@/components/ui/spinner';
import { usePagePreferences } from '@/lib/page-preferences';
import { channelStaffQueryOptions } from '../api/staff-queries';
import { useChangeStaffRole, useLeaveChannel, useRemoveStaff } from '../api/staff-mutations';
import { roleLabel, staffDay } from '../lib/format';
import { selectClassName } from './invite-form';

/** The owner's role select of one member: applies at once and says so (in `announce`). */
function RoleSelect({ channelId, member, announce }: { channelId: number; member: StaffMember; announce: (text: string) => void }) {
  const id = useId();
  const change = useChangeStaffRole(channelId);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.user.username}
      </label>
      <select
        id={id}
        className={selectClassName}
        value={member.role}
        disabled={change.isPending}
        onChange={(event) => {
          const role = event.target.value as StaffRole;
          change.mutate(
            { userId: member.user.id, role },
            {
              onSuccess: () => announce(`${member.user.username} is now ${role === 'editor' ? 'an' : 'a'} ${STAFF_MESSAGES.roleLabels[role]}`),
              onError: (error) => announce(`The role of ${member.user.username} could not be changed: ${error.message}`),
            },
          );
        }}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_MESSAGES.roleLabels[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

function MemberRow({
  channelId,
  member,
  viewerId,
  viewerIsOwner,
  announce,
}: {
  channelId: number;
  member: StaffMember;
  viewerId: number;
  viewerIsOwner: boolean;
  announce: (text: string) => void;
}) {
  const { timeZone } = usePagePreferences();
  const remove = useRemoveStaff(channelId);
  const pending = member.status === 'pending';
  const manageable = viewerIsOwner && member.role !== 'owner';
  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.author(member.user.username)} className="truncate font-semibold underline-offset-4 hover:underline">
            {member.user.username}
          </Link>
          {member.user.id === viewerId && <span className="text-sm text-muted-foreground">(you)</span>}
          {pending && <Badge variant="outline">Invitation pending</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {(!manageable || pending) && <>{roleLabel(member.role)} · </>}
          {pending ? 'Invited' : 'Since'} <time dateTime={member.since}>{staffDay(member.since, timeZone)}</time>
        </p>
      </div>
      {manageable && (
        <div className="flex flex-wrap items-center gap-2">
          {!pending && <RoleSelect channelId={channelId} member={member} announce={announce} />}
          <ConfirmAction
            trigger={
              <Button variant="outline" size="sm">
                {pending ? <XIcon aria-hidden="true" /> : <UserMinusIcon aria-hidden="true" />}
                {pending ? 'Cancel invitation' : 'Remove'}
                <span className="sr-only"> {member.user.username}</span>
              </Button>
            }
            title={pending ? `Cancel the invitation of ${member.user.username}?` : `Remove ${member.user.username} from the staff?`}
            description={
              pending
                ? 'The invitation stops being valid; you can invite them again later.'
                : 'They lose access to the channel at once, including their own drafts here, which stay with the channel.'
            }
            confirm={pending ? 'Cancel invitation' : 'Remove'}
            onConfirm={async () => {
              await remove.mutateAsync(member.user.id);
              announce(pending ? `The invitation of ${member.user.username} is cancelled` : `${member.user.username} is removed from the staff`);
            }}
          />
        </div>
      )}
    </div>
  );
}

/** A staff member's way out: after leaving, the channel is no longer theirs to see, so they go to their profile. */
function LeaveChannel({ channelId, viewerId }: { channelId: number; viewerId: number }) {
  const leave = useLeaveChannel(channelId, viewerId);
  const navigate = useNavigate();
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline">
          <LogOutIcon aria-hidden="true" />
          Leave channel
        </Button>
      }
      title="Leave this channel?"
      description="You lose access to its unpublished articles, your own drafts here included; only its owner can invite you back."
      confirm="Leave channel"
      onConfirm={async () => {
        await leave.mutateAsync();
        void navigate(paths.profile);
      }}
    />
  );
}

/**
 * The channel's people: the owner first, then members, then pending invitations. The owner changes
 * roles, removes members and cancels invitations; a staff member may leave.
 */
export function StaffList({ channelId, viewerId }: { channelId: number; viewerId: number }) {
  const staff = useQuery(channelStaffQueryOptions(channelId));
  const [announcement, setAnnouncement] = useState('');
  if (staff.isPending) return <Spinner label="Loading the staff" />;
  if (staff.isError) return <p className="text-sm text-destructive">{staff.error.message || 'The staff could not be loaded.'}</p>;
  const viewer = staff.data.find((member) => member.user.id === viewerId && member.status === 'active');
  const viewerIsOwner = viewer?.role === 'owner';
  return (
    <div className="space-y-4">
      <ul aria-label="Staff" className="divide-y rounded-lg border px-4">
        {staff.data.map((member) => (
          <li key={`${member.status}-${member.user.id}`}>
            <MemberRow channelId={channelId} member={member} viewerId={viewerId} viewerIsOwner={viewerIsOwner} announce={setAnnouncement} />
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {announcement}
      </p>
      {viewer && viewer.role !== 'owner' && <LeaveChannel channelId={channelId} viewerId={viewerId} />}
    </div>
  );
}
