import type { ChannelRole } from '@contract/staff-rules';
import { ChannelPage } from '@/components/channel-page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TabSection, useUrlTab } from '@/components/url-tabs';
import { ChannelLog } from './channel-log';
import { InviteForm } from './invite-form';
import { StaffList } from './staff-list';

const TABS = ['staff', 'log'] as const;

/**
 * A channel's staff page (docs/product.md#newsroom). `role` is the viewer's place in the channel (null:
 * an admin, who sees what the owner sees but cannot invite). Writers see the staff only; the owner
 * and editors also see the channel log.
 */
export function StaffPageView({
  channelId,
  channelName,
  viewerId,
  role,
}: {
  channelId: number;
  channelName: string | null;
  viewerId: number;
  role: ChannelRole | null;
}) {
  const tabs = role === 'writer' ? TABS.slice(0, 1) : TABS;
  const [tab, selectTab] = useUrlTab(tabs);
  return (
    <ChannelPage channelId={channelId} title="Staff" channelName={channelName}>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Staff sections">
          <TabsTrigger value="staff">Staff</TabsTrigger>
          {tabs.includes('log') && <TabsTrigger value="log">Log</TabsTrigger>}
        </TabsList>
        <TabsContent value="staff">
          <TabSection title="Staff" description="The owner, editors and writers of this channel, and the invitations not yet answered.">
            {role === 'owner' && <InviteForm channelId={channelId} />}
            <StaffList channelId={channelId} viewerId={viewerId} />
          </TabSection>
        </TabsContent>
        {tabs.includes('log') && (
          <TabsContent value="log">
            <TabSection title="Log" description="Invitations, role changes, reviews, publications and moderation in this channel, newest first.">
              <ChannelLog channelId={channelId} />
            </TabSection>
          </TabsContent>
        )}
      </Tabs>
    </ChannelPage>
  );
}
