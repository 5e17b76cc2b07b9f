import type { ReactNode } from 'react';
import { ChevronDownIcon, RadioTowerIcon } from 'lucide-react';
import { OnDemand } from '@/components/on-demand';
import { Button } from '@/components/ui/button';
import { useSelectedChannel } from '@/lib/selected-channel';
import { useUserChannels } from '../api/channels';
import { menuChannels, type StaffChannelRef } from '../lib/menu-channels';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadDropdown = () => import('./channel-switcher-dropdown');
const ChannelSwitcherDropdown = lazyWithRetry(loadDropdown);

/**
 * The header's current-channel dropdown on larger screens (docs/product.md#header): the user's own
 * channels, choosing one stores it and opens its page; 'Create Channel' opens the create form.
 * The menu's code loads on first use. `channelBadge` adds what the page composes in beside each
 * channel's name (what waits in its moderation); `staffChannels`, the channels the user is staff
 * of, listed after their own with their role.
 */
export function ChannelSwitcher({
  userId,
  channelBadge,
  staffChannels,
}: {
  userId: number;
  channelBadge?: (channelId: number) => ReactNode;
  staffChannels?: readonly StaffChannelRef[];
}) {
  const { selectedChannelId } = useSelectedChannel();
  const { data: own = [] } = useUserChannels(userId);
  const current = menuChannels(own, staffChannels).find((channel) => channel.id === selectedChannelId);
  const trigger = (
    <Button variant="ghost" className="max-w-56" aria-haspopup="menu">
      <RadioTowerIcon aria-hidden="true" />
      <span className="sr-only">Current channel: </span>
      <span className="truncate">{current ? current.name : 'No channel selected'}</span>
      <ChevronDownIcon aria-hidden="true" />
    </Button>
  );
  return (
    <OnDemand
      preload={loadDropdown}
      trigger={trigger}
      render={(button) => <ChannelSwitcherDropdown userId={userId} trigger={button} defaultOpen channelBadge={channelBadge} staffChannels={staffChannels} />}
    />
  );
}
