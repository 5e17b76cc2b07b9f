import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { UpdateUserSchema } from '@contract/users';
import { Link } from 'react-router';
import { CalendarIcon, PencilIcon } from 'lucide-react';
import { dateFormat } from '@contract/formats';
import { LIMITS } from '@contract/limits';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { usePagePreferences } from '@/lib/page-preferences';
import { useUpdateDescription, useUser } from '../api/users';

/** In the page's time zone, so the server and the browser print the same day. */
function memberSince(value: string | null | undefined, timeZone: string): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Date not available';
  return dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
}

/**
 * The top of the profile (docs/product.md#profile): username, 'Member since', and the 'About' bio, which
 * its owner edits (Edit, Save, Cancel; at most 300 characters). Renders the page's h1, or the
 * 'User not found' and 'Error Loading Profile' states instead; `children` (the channel cards)
 * follow only when the profile loaded.
 */
export function ProfileSummary({ userId, isOwnProfile, children }: { userId: number; isOwnProfile: boolean; children?: ReactNode }) {
  const query = useUser(userId);
  const { timeZone } = usePagePreferences();
  if (query.isPending) return <PageSpinner label="Loading profile" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="mx-auto max-w-xl px-4 py-20 text-center">
          <h1 className="font-serif text-3xl font-bold tracking-tight">User not found</h1>
        </div>
      );
    }
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Error Loading Profile</h1>
        <p className="mt-4 text-muted-foreground">{query.error.message}</p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    );
  }
  const user = query.data;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <div className="border-b pb-6">
        <h1 className="font-serif text-4xl font-bold tracking-tight break-words sm:text-5xl">{user.username}</h1>
        <p className="mt-2 flex items-center gap-1.5 text-muted-foreground">
          <CalendarIcon className="size-4" aria-hidden="true" />
          Member since {memberSince(user.createdAt ?? user.created_at, timeZone)}
        </p>
      </div>
      <AboutCard userId={user.id} description={user.description ?? ''} editable={isOwnProfile} />
      {children}
    </div>
  );
}

/** The bio as PATCH /api/users/{id} checks it; the field is text, empty for none. */
const bioFormSchema = UpdateUserSchema.extend({ description: UpdateUserSchema.shape.description.unwrap() });
type BioFormValues = z.infer<typeof bioFormSchema>;

function AboutCard({ userId, description, editable }: { userId: number; description: string; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<BioFormValues>({ resolver: zodResolver(bioFormSchema), defaultValues: { description } });
  const draft = form.watch('description');
  const error = form.formState.errors.description?.message;
  const update = useUpdateDescription(userId);

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values.description);
      toast({ title: 'Profile updated', description: 'Your description has been updated successfully.' });
      setEditing(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Update failed', description: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>About</CardTitle>
        {editable && !editing && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              form.reset({ description });
              setEditing(true);
            }}
          >
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <Form className="grid gap-2" onSubmit={(event) => void save(event)}>
            <Label htmlFor="profile-bio" className="sr-only">
              About you
            </Label>
            <Textarea
              id="profile-bio"
              className="min-h-24"
              maxLength={LIMITS.bioMax}
              placeholder="Write a short bio about yourself..."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'profile-bio-counter profile-bio-error' : 'profile-bio-counter'}
              {...form.register('description')}
            />
            <p id="profile-bio-counter" className="text-right text-xs text-muted-foreground">
              {draft.length}/{LIMITS.bioMax} characters
            </p>
            {error && (
              <p id="profile-bio-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => {
                  form.reset({ description });
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
            </div>
          </Form>
        ) : description ? (
          <p className="whitespace-pre-line">{description}</p>
        ) : (
          <p className="text-muted-foreground italic">No description provided</p>
        )}
      </CardContent>
    </Card>
  );
}
