import { useState, type FormEvent } from 'react';
import { CalendarIcon, PencilIcon, RssIcon } from 'lucide-react';
import type { Channel } from '@contract/channels';
import { LIMITS } from '@contract/limits';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import { useUpdateChannel } from '../api/channels';
import { formatDate } from '../lib/text';
import { DescriptionField } from './description-field';
import { SubscribeMenu } from './subscribe-button';

/**
 * The channel page's header (spec 2 section 2): name, created-on date, description, category badge.
 * The owner gets 'Edit Channel' (name, description, optional category, Save and Cancel); anyone
 * else the subscribe control.
 */
export function ChannelHeader({ channel, isOwner }: { channel: Channel; isOwner: boolean }) {
  const [editing, setEditing] = useState(false);
  const created = formatDate(channel.createdAt, usePagePreferences().timeZone);
  return (
    <header className="border-b pb-6">
      {editing ? (
        <ChannelEditForm channel={channel} onDone={() => setEditing(false)} />
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
                href={`/channels/${channel.id}/rss.xml`}
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

/** Edit mode: Save sends the update and returns to view mode; Cancel restores the values (spec 2 section 4). */
function ChannelEditForm({ channel, onDone }: { channel: Channel; onDone: () => void }) {
  const [name, setName] = useState(channel.name);
  const [description, setDescription] = useState(channel.description);
  const [category, setCategory] = useState(channel.category ?? '');
  const update = useUpdateChannel(channel.id);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // Spec 2 section 5: an empty category is sent as null.
      await update.mutateAsync({ name: name.trim(), description: description.trim(), category: category.trim() || null });
      toast({ title: 'Channel updated', description: 'Your channel has been updated successfully.' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : 'Failed to update the channel.',
      });
    }
  };

  return (
    <Form className="grid max-w-3xl gap-4" onSubmit={(event) => void save(event)}>
      <h1 className="font-serif text-3xl font-bold tracking-tight">Edit Channel</h1>
      <div className="grid gap-2">
        <Label htmlFor="edit-channel-name">Channel Name</Label>
        <Input id="edit-channel-name" required maxLength={LIMITS.channelNameMax} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-channel-description">Description</Label>
        <DescriptionField id="edit-channel-description" required value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-channel-category">Category (optional)</Label>
        <Input
          id="edit-channel-category"
          maxLength={60}
          placeholder="e.g. Technology, Sports, News"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
