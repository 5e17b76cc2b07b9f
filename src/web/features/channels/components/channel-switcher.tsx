import { useNavigate } from 'react-router';
import { ChevronDownIcon, PlusIcon, RadioTowerIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
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

/**
 * The header's current-channel dropdown on larger screens (spec 1 section 2): the user's own
 * channels, choosing one stores it and opens its page; 'Create Channel' opens the create form.
 */
export function ChannelSwitcher({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const { selectedChannelId, selectChannel } = useSelectedChannel();
  const { data: channels = [] } = useUserChannels(userId);
  const current = channels.find((channel) => channel.id === selectedChannelId);

  const choose = (value: string) => {
    const id = Number(value);
    selectChannel(id);
    void navigate(paths.channel(id));
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="max-w-56">
          <RadioTowerIcon aria-hidden="true" />
          <span className="sr-only">Current channel: </span>
          <span className="truncate">{current ? current.name : 'No channel selected'}</span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {channels.length > 0 && (
          <>
            <DropdownMenuLabel>Switch channel</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={current ? String(current.id) : ''} onValueChange={choose}>
              {channels.map((channel) => (
                <DropdownMenuRadioItem key={channel.id} value={String(channel.id)}>
                  <span className="truncate">{channel.name}</span>
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
