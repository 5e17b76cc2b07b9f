import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckIcon, CompassIcon, PlusIcon } from 'lucide-react';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SheetClose } from '@/components/ui/sheet';
import { useSelectedChannel } from '@/lib/selected-channel';
import { cn } from '@/lib/utils';
import { usePopularChannels, useUserChannels } from '../api/channels';
import { menuChannels, type StaffChannelRef } from '../lib/menu-channels';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * The side menu's channel sections (docs/product.md#header): for a signed-in user the current channel
 * with a list to switch and Create Channel; for everyone Popular Channels (the first 5) with
 * Explore Channels. Every choice closes the menu. The user's own channels come first, then those
 * they are staff of (`staffChannels`) with their role.
 */
export function SideMenuChannelSections({
  userId,
  channelBadge,
  staffChannels,
}: {
  userId: number | null;
  channelBadge?: (channelId: number) => ReactNode;
  staffChannels?: readonly StaffChannelRef[];
}) {
  const popular = usePopularChannels(LIMITS.popularChannelsInMenu);
  return (
    <>
      {userId !== null && <CurrentChannelSection userId={userId} channelBadge={channelBadge} staffChannels={staffChannels} />}
      <Separator />
      <section aria-labelledby="side-menu-popular" className="grid grid-cols-[minmax(0,1fr)] gap-1 px-2">
        <h2 id="side-menu-popular" className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Popular Channels
        </h2>
        {popular.data && popular.data.items.length === 0 && <p className="px-3 text-sm text-muted-foreground">No channels yet</p>}
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
          {popular.data?.items.map((channel) => (
            <li key={channel.id}>
              <SheetClose asChild>
                <Link to={paths.channel(channel.id)} className={itemClass}>
                  <span className="truncate">{channel.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                    {channel.subscriberCount}
                    <span className="sr-only"> {channel.subscriberCount === 1 ? 'subscriber' : 'subscribers'}</span>
                  </span>
                </Link>
              </SheetClose>
            </li>
          ))}
        </ul>
        <div className="px-1 pt-1">
          <SheetClose asChild>
            <Button asChild variant="outline" className="w-full">
              <Link to={paths.channels}>
                <CompassIcon aria-hidden="true" />
                Explore Channels
              </Link>
            </Button>
          </SheetClose>
        </div>
      </section>
    </>
  );
}

function CurrentChannelSection({
  userId,
  channelBadge,
  staffChannels,
}: {
  userId: number;
  channelBadge?: (channelId: number) => ReactNode;
  staffChannels?: readonly StaffChannelRef[];
}) {
  const navigate = useNavigate();
  const { selectedChannelId, selectChannel } = useSelectedChannel();
  const { data: own = [] } = useUserChannels(userId);
  const channels = menuChannels(own, staffChannels);
  const current = channels.find((channel) => channel.id === selectedChannelId);
  return (
    <>
      <Separator />
      <section aria-labelledby="side-menu-channel" className="grid grid-cols-[minmax(0,1fr)] gap-1 px-2">
        <h2 id="side-menu-channel" className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Current channel
        </h2>
        <p className="truncate px-3 pb-1 font-serif text-base font-semibold">{current ? current.name : 'No channel selected'}</p>
        {channels.length > 0 && (
          <ul aria-label="Switch channel" className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
            {channels.map((channel) => {
              const active = channel.id === selectedChannelId;
              return (
                <li key={channel.id}>
                  <SheetClose asChild>
                    <button
                      type="button"
                      aria-current={active ? 'true' : undefined}
                      className={cn(itemClass, active && 'bg-accent text-accent-foreground')}
                      onClick={() => {
                        selectChannel(channel.id);
                        void navigate(paths.channel(channel.id));
                      }}
                    >
                      <CheckIcon aria-hidden="true" className={cn(!active && 'invisible')} />
                      <span className="truncate">{channel.name}</span>
                      {channel.roleLabel ? (
                        <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                          <span className="sr-only">, </span>
                          {channel.roleLabel}
                        </span>
                      ) : (
                        channelBadge?.(channel.id)
                      )}
                    </button>
                  </SheetClose>
                </li>
              );
            })}
          </ul>
        )}
        <SheetClose asChild>
          <Link to={paths.newChannel} className={itemClass}>
            <PlusIcon aria-hidden="true" />
            Create Channel
          </Link>
        </SheetClose>
      </section>
    </>
  );
}
