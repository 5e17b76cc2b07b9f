import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useSignInPath } from '@/lib/sign-in-path';
import { useChannel } from '../api/channels';
import { AuthRequiredDialog } from '@/components/auth-required-dialog';
import { ChannelHeader } from './channel-header';
import type { StaffRole } from '@contract/staff-rules';
import { ChannelSettings, ChannelStaffPanel, ChannelStats } from './channel-side-panel';

/** The page waits 500 ms before treating a missing user as signed out. */
const SIGNED_OUT_GRACE_MS = 500;

function useSignedOutAfterGrace(signedIn: boolean, authLoading: boolean): boolean {
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    if (signedIn || authLoading) {
      setSignedOut(false);
      return;
    }
    const timer = setTimeout(() => setSignedOut(true), SIGNED_OUT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [signedIn, authLoading]);
  return signedOut;
}

const LOGIN_REQUIRED = 'You need to be logged in to view channel details.';

/**
 * The channel page (docs/product.md#channels). `articlesSection` renders the articles feature's 'Articles'
 * block (Published and Drafts tables), composed in by the page once the owner is known.
 */
export function ChannelDetail({
  channelId,
  currentUserId,
  authLoading,
  articlesSection,
  staffRole = null,
}: {
  /** null when the URL holds no valid id. */
  channelId: number | null;
  currentUserId: number | null;
  authLoading: boolean;
  /** The articles feature's 'Articles' section for this channel, supplied by the page. */
  articlesSection?: (channel: { channelId: number; isOwner: boolean }) => ReactNode;
  /** The reader's role on the channel's staff (editor or writer), null when they are not on it. */
  staffRole?: StaffRole | null;
}) {
  const signedIn = currentUserId !== null;
  const graceOver = useSignedOutAfterGrace(signedIn, authLoading);
  const [dialogOpen, setDialogOpen] = useState(true);
  const channel = useChannel(signedIn ? channelId : null);
  const signInPath = useSignInPath();

  // The session is known (the page's loader asked for it), so the server already renders what a
  // signed-out visitor sees, and a reader without JavaScript gets it instead of a spinner; the
  // dialog follows after the grace period.
  if (!signedIn && !authLoading) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <DocumentTitle title={pageTitle('Channel')} />
        <h1 className="font-serif text-3xl font-bold tracking-tight">Channel details</h1>
        <p className="mt-4 text-muted-foreground">{LOGIN_REQUIRED}</p>
        <Button asChild className="mt-8">
          <Link to={signInPath}>Sign In</Link>
        </Button>
        <AuthRequiredDialog open={graceOver && dialogOpen} onOpenChange={setDialogOpen} description={LOGIN_REQUIRED} />
      </div>
    );
  }
  if (!signedIn) return <PageSpinner label="Loading channel" />;
  if (channelId === null || channel.data === null || (channel.error instanceof ApiError && channel.error.status === 404)) {
    return <Message title="Channel not found" />;
  }
  if (channel.isError) return <Message title="Channel could not be loaded" detail={channel.error.message} />;
  if (!channel.data) return <PageSpinner label="Loading channel" />;

  const data = channel.data;
  const isOwner = data.userId === currentUserId;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle(data.name)} />
      <ChannelHeader channel={data} isOwner={isOwner} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">{articlesSection?.({ channelId: data.id, isOwner })}</div>
        <aside className="grid content-start gap-6" aria-label="About this channel">
          <ChannelStats channel={data} isOwner={isOwner} />
          {isOwner && <ChannelSettings channelId={data.id} />}
          {!isOwner && staffRole && <ChannelStaffPanel channelId={data.id} role={staffRole} />}
        </aside>
      </div>
    </div>
  );
}

function Message({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <DocumentTitle title={pageTitle(title)} />
      <h1 className="font-serif text-3xl font-bold tracking-tight">{title}</h1>
      {detail && <p className="mt-4 text-muted-foreground">{detail}</p>}
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.channels}>Explore Channels</Link>
      </Button>
    </div>
  );
}
