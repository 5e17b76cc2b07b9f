import type { ReactElement, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSelectedChannel } from '@/lib/selected-channel';
import { useUserChannels } from '../api/channels';
import { menuChannels, type StaffChannelRef } from '../lib/menu-channels';

/** The channel switcher's menu itself, loaded on first use (see channel-switcher.tsx). */
export default function ChannelSwitcherDropdown({
  userId,
  trigger,
  defaultOpen,
  channelBadge,
  staffChannels,
}: {
  userId: number;
  trigger: ReactElement;
  defaultOpen?: boolean;
  channelBadge?: (channelId: number) => ReactNode;
  staffChannels?: readonly StaffChannelRef[];
}) {
  const navigate = useNavigate();
  const { selectedChannelId, selectChannel } = useSelectedChannel();
  const { data: own = [] } = useUserChannels(userId);
  const channels = menuChannels(own, staffChannels);
  const current = channels.find((channel) => channel.id === selectedChannelId);

  const choose = (value: string) => {
    const id = Number(value);
    selectChannel(id);
    void navigate(paths.channel(id));
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {channels.length > 0 && (
          <>
            <DropdownMenuLabel>Switch channel</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={current ? String(current.id) : ''} onValueChange={choose}>
              {channels.map((channel) => (
                <DropdownMenuRadioItem key={channel.id} value={String(channel.id)}>
                  <span className="truncate">{channel.name}</span>
                  {channel.roleLabel ? <RoleLabel label={channel.roleLabel} /> : channelBadge?.(channel.id)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem onSelect={() => void navigate(paths.newChannel)}>
          <PlusIcon aria-hidden="true" />
          Create Channel
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A staff channel's role beside its name; for screen readers a separate phrase ('Town Hall, Writer'). */
function RoleLabel({ label }: { label: string }) {
  return (
    <span className="ml-auto shrink-0 text-xs text-muted-foreground">
      <span className="sr-only">, </span>
      {label}
    </span>
  );
}
