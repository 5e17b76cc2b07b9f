import { BellIcon, CheckIcon, ChevronDownIcon } from 'lucide-react';
import { AppButton } from '@/components/app-button';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useSubscriptionActions, type SubscribableChannel } from '../api/subscriptions';

/**
 * A non-owner's control on the channel page (docs/product.md#channels): 'Subscribe', or a 'Subscribed'
 * menu containing 'Unsubscribe'. Owners never see it (the caller leaves it out).
 */
export function SubscribeMenu({ channel }: { channel: SubscribableChannel }) {
  const { subscribe, unsubscribe, isPending } = useSubscriptionActions();
  if (!channel.isSubscribed) {
    return (
      <AppButton signedIn onClick={() => subscribe(channel)} disabled={isPending}>
        <BellIcon aria-hidden="true" />
        Subscribe
      </AppButton>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" disabled={isPending}>
          <CheckIcon aria-hidden="true" />
          Subscribed
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => unsubscribe(channel)}>Unsubscribe</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
