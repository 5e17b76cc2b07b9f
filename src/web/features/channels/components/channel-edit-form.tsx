import { ChannelRedirects } from './channel-redirects';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import type { z } from 'zod';
import { CreateChannelSchema, UpdateChannelSchema, type Channel } from '@contract/channels';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useUpdateChannel } from '../api/channels';
import { DescriptionField } from './description-field';

/** Edit mode: Save sends the update and returns to view mode; Cancel restores the values (docs/product.md#channels). */
const editChannelFormSchema = CreateChannelSchema.pick({ name: true, description: true, category: true }).extend({
  emailExcerptOnly: UpdateChannelSchema.shape.emailExcerptOnly.unwrap(),
});
type EditChannelFormValues = z.input<typeof editChannelFormSchema>;

export default function ChannelEditForm({ channel, onDone }: { channel: Channel; onDone: () => void }) {
  const form = useForm<EditChannelFormValues, unknown, z.output<typeof editChannelFormSchema>>({
    resolver: zodResolver(editChannelFormSchema),
    defaultValues: { name: channel.name, description: channel.description, category: channel.category ?? '', emailExcerptOnly: channel.emailExcerptOnly },
  });
  const { errors } = form.formState;
  const error = errors.name?.message ?? errors.description?.message ?? errors.category?.message;
  const update = useUpdateChannel(channel.id);

  const save = form.handleSubmit(async (values) => {
    try {
      // An empty category is sent as null (the schema's transform).
      await update.mutateAsync(values);
      toast({ title: 'Channel updated', description: 'Your channel has been updated successfully.' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : 'Failed to update the channel.',
      });
    }
  });

  return (
    <>
    <Form className="grid max-w-3xl gap-4" onSubmit={(event) => void save(event)} noValidate>
      <h1 className="font-serif text-3xl font-bold tracking-tight">Edit Channel</h1>
      <div className="grid gap-2">
        <Label htmlFor="edit-channel-name">Channel Name</Label>
        <Input id="edit-channel-name" required maxLength={LIMITS.channelNameMax} aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-channel-description">Description</Label>
        <DescriptionField
          id="edit-channel-description"
          required
          aria-invalid={errors.description ? true : undefined}
          {...form.register('description')}
          value={form.watch('description')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-channel-category">Category (optional)</Label>
        <Input
          id="edit-channel-category"
          maxLength={60}
          placeholder="e.g. Technology, Sports, News"
          {...form.register('category')}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id="edit-channel-excerpt-only"
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          aria-describedby="edit-channel-excerpt-only-hint"
          {...form.register('emailExcerptOnly')}
        />
        <div className="grid gap-1">
          <Label htmlFor="edit-channel-excerpt-only">Excerpt only in emails</Label>
          <p id="edit-channel-excerpt-only-hint" className="text-sm text-muted-foreground">
            Subscribers' new-article emails carry the first lines and a link instead of the whole article.
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
    <ChannelRedirects channelId={channel.id} />
    </>
  );
}
