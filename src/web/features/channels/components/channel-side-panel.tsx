import { Link } from 'react-router';
import { BarChart3Icon, UsersRoundIcon, ShieldIcon, UsersIcon } from 'lucide-react';
import { STAFF_MESSAGES, type StaffRole } from '@contract/staff-rules';
import type { Channel } from '@contract/channels';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePagePreferences } from '@/lib/page-preferences';
import { useSubscriptionActions } from '../api/subscriptions';
import { formatDate } from '../lib/text';

/** 'Channel Stats' (docs/product.md#channels): counts, author, creation date, and unsubscribe for subscribed non-owners. */
export function ChannelStats({ channel, isOwner }: { channel: Channel; isOwner: boolean }) {
  const { unsubscribe, isPending } = useSubscriptionActions();
  const created = formatDate(channel.createdAt, usePagePreferences().timeZone);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Channel Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Articles</dt>
          <dd className="text-right font-medium tabular-nums" data-testid="channel-article-count">
            {channel.articleCount}
          </dd>
          <dt className="text-muted-foreground">Subscribers</dt>
          <dd className="text-right font-medium tabular-nums" data-testid="channel-subscriber-count">
            {channel.subscriberCount}
          </dd>
          {channel.handle && (
            <>
              {/* Followers on the fediverse, apart from subscribers (docs/decisions/045-the-social-web.md). */}
              <dt className="text-muted-foreground">Fediverse followers</dt>
              <dd className="text-right font-medium tabular-nums" data-testid="channel-fediverse-follower-count">
                {channel.fediverseFollowerCount ?? 0}
              </dd>
              {/* The handle to paste into Mastodon's search, on a line of its own: it is long. */}
              <dt className="col-span-2 mt-1 text-muted-foreground">Follow on the fediverse</dt>
              <dd className="col-span-2 -mt-1 min-w-0 rounded-md bg-muted px-2 py-1.5">
                <span className="font-mono text-xs break-all select-all" data-testid="channel-handle">
                  {channel.handle}
                </span>
              </dd>
            </>
          )}
          <dt className="text-muted-foreground">Created by</dt>
          <dd className="truncate text-right">
            <Link to={paths.profile} className="font-medium underline-offset-4 hover:underline">
              {channel.owner.username || `User #${channel.userId}`}
            </Link>
          </dd>
          <dt className="text-muted-foreground">Created</dt>
          <dd className="text-right">{created ?? 'Not available'}</dd>
        </dl>
        {!isOwner && channel.isSubscribed && (
          <Button variant="link" className="mt-3 h-auto px-0 text-destructive" disabled={isPending} onClick={() => unsubscribe(channel)}>
            Unsubscribe from this channel
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Owner-only 'Channel Settings': Manage Subscribers, and Channel Analytics, Moderation and Staff (their own pages, docs/product.md#beyond). */
export function ChannelSettings({ channelId }: { channelId: number }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Channel Settings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.channelSubscribers(channelId)}>
            <UsersIcon aria-hidden="true" />
            Manage Subscribers
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.channelAnalytics(channelId)}>
            <BarChart3Icon aria-hidden="true" />
            Channel Analytics
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.channelModeration(channelId)}>
            <ShieldIcon aria-hidden="true" />
            Moderation
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.channelStaff(channelId)}>
            <UsersRoundIcon aria-hidden="true" />
            Staff
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** For the channel's editors and writers: their role here, and the way to its staff page. */
export function ChannelStaffPanel({ channelId, role }: { channelId: number; role: StaffRole }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Your Role</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          You are {role === 'editor' ? 'an' : 'a'} <span className="font-medium text-foreground">{STAFF_MESSAGES.roleLabels[role]}</span> of this channel.
        </p>
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.channelStaff(channelId)}>
            <UsersRoundIcon aria-hidden="true" />
            Staff
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
