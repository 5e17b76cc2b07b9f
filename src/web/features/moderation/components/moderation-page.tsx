import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import { paths } from '@contract/paths';
import { ChannelPage } from '@/components/channel-page';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TabSection, useUrlTab } from '@/components/url-tabs';
import { SITE_NAME } from '@/lib/site';
import { ChannelBans } from './channel-bans';
import { HeldQueue } from './held-queue';
import { ModerationLog } from './moderation-log';
import { ModerationSettings } from './moderation-settings';
import { ReportQueue } from './report-queue';
import { Suspensions } from './suspensions';

const CHANNEL_TABS = ['reports', 'held', 'bans', 'settings', 'log'] as const;

/**
 * A channel's moderation (docs/product.md#moderation), for its owner and admins: open reports, comments
 * held for approval, bans, the comment policy and blocked words, and the log of what was done.
 * `refused` is the refusal the page's loader met (a stranger, no such channel), shown as is.
 */
export function ChannelModerationView({
  channelId,
  channelName,
  refused,
  viewerId,
}: {
  channelId: number | null;
  channelName: string | null;
  refused: number | null;
  /** The signed-in reader, whose own ban (if any) offers no Lift ban. */
  viewerId: number | null;
}) {
  const [tab, selectTab] = useUrlTab(CHANNEL_TABS);
  let body: ReactNode;
  if (channelId === null || refused === 404) body = <p className="py-10 text-center text-muted-foreground">{CHANNEL_MESSAGES.notFound}</p>;
  else if (refused !== null) body = <p className="py-10 text-center text-muted-foreground">{CHANNEL_MESSAGES.noPermission}</p>;
  else
    body = (
      <Tabs value={tab} onValueChange={selectTab}>
        {/* Five sections do not fit a phone's width on one line: they wrap rather than widen the page. */}
        <TabsList aria-label="Moderation sections" className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="held">Held comments</TabsTrigger>
          <TabsTrigger value="bans">Bans</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
          <TabsTrigger value="log">Log</TabsTrigger>
        </TabsList>
        <TabsContent value="reports">
          <TabSection title="Reports" description="What readers reported in this channel, the most recently reported first.">
            <ReportQueue channelId={channelId} />
          </TabSection>
        </TabsContent>
        <TabsContent value="held">
          <TabSection title="Held comments" description="Comments waiting for your approval; nobody but their author sees them until then.">
            <HeldQueue channelId={channelId} />
          </TabSection>
        </TabsContent>
        <TabsContent value="bans">
          <TabSection title="Bans" description="Readers who may not comment or react in this channel.">
            <ChannelBans channelId={channelId} viewerId={viewerId} />
          </TabSection>
        </TabsContent>
        <TabsContent value="settings">
          <TabSection title="Settings" description="Who may comment, and the words that hold a comment for approval.">
            <ModerationSettings channelId={channelId} />
          </TabSection>
        </TabsContent>
        <TabsContent value="log">
          <TabSection title="Log" description="Every moderation action in this channel, newest first.">
            <ModerationLog channelId={channelId} />
          </TabSection>
        </TabsContent>
      </Tabs>
    );

  return (
    <ChannelPage channelId={channelId} title="Moderation" channelName={channelName}>
      {body}
    </ChannelPage>
  );
}

const ADMIN_TABS = ['reports', 'suspensions', 'log'] as const;

/** The whole site's moderation, for admins: every report (profiles included), suspensions, the whole log. */
export function AdminModerationView() {
  const [tab, selectTab] = useUrlTab(ADMIN_TABS);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.admin}>
          <ArrowLeftIcon aria-hidden="true" />
          Admin Dashboard
        </Link>
      </Button>
      <header className="mt-4 border-b pb-6">
        <p className="text-xs font-semibold tracking-[0.2em] text-muted-foreground uppercase">{SITE_NAME}</p>
        <h1 className="mt-2 font-serif text-4xl font-bold tracking-tight sm:text-5xl">Moderation</h1>
      </header>
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList aria-label="Moderation sections" className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="suspensions">Suspensions</TabsTrigger>
          <TabsTrigger value="log">Log</TabsTrigger>
        </TabsList>
        <TabsContent value="reports">
          <TabSection title="Reports" description="Open reports across the site, profiles included, the most recently reported first.">
            <ReportQueue channelId={null} />
          </TabSection>
        </TabsContent>
        <TabsContent value="suspensions">
          <TabSection title="Suspensions" description="A suspended account is signed out at once and cannot sign in; what it published stays readable.">
            <Suspensions />
          </TabSection>
        </TabsContent>
        <TabsContent value="log">
          <TabSection title="Log" description="Every moderation action on the site, newest first.">
            <ModerationLog channelId={null} />
          </TabSection>
        </TabsContent>
      </Tabs>
    </div>
  );
}
