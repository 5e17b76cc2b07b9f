import { Link } from 'react-router';
import { CheckIcon, XIcon } from 'lucide-react';
import type { Invitation } from '@contract/staff';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import { useInvitations } from '../api/staff-queries';
import { useAcceptInvitation, useDeclineInvitation } from '../api/staff-mutations';
import { roleLabel, staffDay } from '../lib/format';

function failed(error: unknown) {
  toast({ variant: 'destructive', title: 'Error', description: error instanceof Error ? error.message : 'An unknown error occurred.' });
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { timeZone } = usePagePreferences();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const channel = invitation.channel.name;
  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold break-words">{channel}</p>
        <p className="text-sm text-muted-foreground">
          {roleLabel(invitation.role)} · invited by{' '}
          <Link to={paths.author(invitation.invitedBy.username)} className="underline-offset-4 hover:underline">
            {invitation.invitedBy.username}
          </Link>{' '}
          on <time dateTime={invitation.createdAt}>{staffDay(invitation.createdAt, timeZone)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          disabled={busy}
          aria-label={`Accept the invitation to ${channel}`}
          onClick={() =>
            accept.mutate(invitation.id, {
              onSuccess: () => toast({ title: `You joined ${channel} as ${roleLabel(invitation.role)}` }),
              onError: failed,
            })
          }
        >
          {accept.isPending ? <Spinner className="[&_svg]:size-4" label="Accepting" /> : <CheckIcon aria-hidden="true" />}
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`Decline the invitation to ${channel}`}
          onClick={() => decline.mutate(invitation.id, { onSuccess: () => toast({ title: `Invitation to ${channel} declined` }), onError: failed })}
        >
          {decline.isPending ? <Spinner className="[&_svg]:size-4" label="Declining" /> : <XIcon aria-hidden="true" />}
          Decline
        </Button>
      </div>
    </div>
  );
}

/** The profile's 'Invitations' card: shown only while someone has invited the reader to a channel's staff. */
export function InvitationsCard() {
  const invitations = useInvitations(true);
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
        <CardDescription>Channels whose owners invited you to their staff.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Invitations" className="divide-y">
          {invitations.data.map((invitation) => (
            <li key={invitation.id}>
              <InvitationRow invitation={invitation} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
