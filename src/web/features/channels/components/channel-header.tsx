import { Suspense, useState } from 'react';
import { CalendarIcon, PencilIcon, RssIcon } from 'lucide-react';
import type { Channel } from '@contract/channels';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePagePreferences } from '@/lib/page-preferences';
import { formatDate } from '../lib/text';
import { SubscribeMenu } from './subscribe-button';
import { PageSpinner } from '@/components/ui/spinner';
import { lazyWithRetry } from '@/lib/chunk-retry';

// The edit form (react-hook-form, zod) loads when the owner presses Edit: readers never download it.
const ChannelEditForm = lazyWithRetry(() => import('./channel-edit-form'));

/**
 * The channel page's header (docs/product.md#channels): name, created-on date, description, category badge.
 * The owner gets 'Edit Channel' (name, description, optional category, Save and Cancel); anyone
 * else the subscribe control.
 */
export function ChannelHeader({ channel, isOwner }: { channel: Channel; isOwner: boolean }) {
  const [editing, setEditing] = useState(false);
  const created = formatDate(channel.createdAt, usePagePreferences().timeZone);
  return (
    <header className="border-b pb-6">
      {editing ? (
        <Suspense fallback={<PageSpinner label="Loading the form" />}>
          <ChannelEditForm channel={channel} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="font-serif text-4xl font-bold tracking-tight break-words sm:text-5xl">{channel.name}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                <CalendarIcon className="size-4" aria-hidden="true" />
                {created ? `Created on ${created}` : 'Creation date not available'}
              </span>
              {/* The channel's feed is a server route, not a page: a plain link. */}
              <a
                href={paths.channelFeeds(channel.id).rss}
                type="application/rss+xml"
                className="inline-flex items-center gap-1.5 rounded-sm text-foreground underline underline-offset-4 outline-none hover:text-highlight focus-visible:ring-2 focus-visible:ring-ring"
              >
                <RssIcon className="size-4" aria-hidden="true" />
                RSS feed of this channel
              </a>
            </p>
            <p className="mt-3 max-w-3xl text-lg whitespace-pre-line">{channel.description}</p>
            {channel.category && (
              <Badge variant="secondary" className="mt-3">
                {channel.category}
              </Badge>
            )}
          </div>
          <div className="shrink-0">
            {isOwner ? (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden="true" />
                Edit Channel
              </Button>
            ) : (
              <SubscribeMenu channel={channel} />
            )}
          </div>
        </div>
      )}
    </header>
  );
}
