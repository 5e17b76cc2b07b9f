import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { CreateChannelSchema } from '@contract/channels';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCreateChannel, useUserChannels } from '../api/channels';
import { remainingChannelsText } from '../lib/text';
import { DescriptionField } from './description-field';

const createChannelFormSchema = CreateChannelSchema.pick({ name: true, description: true });
type CreateChannelFormValues = z.input<typeof createChannelFormSchema>;

/**
 * Create Channel (docs/product.md#channels): Channel Name and Description, a note on how many more
 * channels may be created, disabled at 10. Success opens the new channel (or /channels without an id).
 */
export function CreateChannelForm({ userId }: { userId: number | null }) {
  const navigate = useNavigate();
  const form = useForm<CreateChannelFormValues, unknown, z.output<typeof createChannelFormSchema>>({
    resolver: zodResolver(createChannelFormSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;
  const own = useUserChannels(userId);
  const create = useCreateChannel();
  const owned = own.data?.length ?? 0;
  const atLimit = owned >= LIMITS.channelsPerUser;

  const submit = form.handleSubmit(async (values) => {
    if (userId === null) return form.setError('root', { message: CHANNEL_MESSAGES.signInToCreate });
    if (atLimit) return form.setError('root', { message: CHANNEL_MESSAGES.limitReached });
    try {
      const channel = await create.mutateAsync(values);
      await navigate(channel?.id ? paths.channel(channel.id) : paths.channels);
    } catch (failure) {
      form.setError('root', { message: failure instanceof Error ? failure.message : 'Failed to create channel' });
    }
  });
  const error = errors.name?.message ?? errors.description?.message ?? errors.root?.message;

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Create Channel</h1>
        <CardDescription>Start a channel to publish your articles and gather subscribers.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form className="grid gap-5" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="channel-name">Channel Name</Label>
            <Input
              id="channel-name"
              required
              maxLength={LIMITS.channelNameMax}
              aria-invalid={errors.name ? true : undefined}
              disabled={atLimit}
              {...form.register('name')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="channel-description">Description</Label>
            <DescriptionField
              id="channel-description"
              required
              aria-invalid={errors.description ? true : undefined}
              disabled={atLimit}
              {...form.register('description')}
              value={form.watch('description')}
            />
          </div>
          {own.data && (
            <p className="text-sm text-muted-foreground" data-testid="channels-remaining">
              {atLimit ? CHANNEL_MESSAGES.limitReached : remainingChannelsText(owned)}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="submit" disabled={atLimit || create.isPending || own.isLoading}>
              {create.isPending ? 'Creating…' : 'Create Channel'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
