import { useId } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { BanIcon, UndoIcon } from 'lucide-react';
import { MODERATION_LIMITS } from '@contract/moderation-rules';
import type { Ban } from '@contract/moderation';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { usePagePreferences } from '@/lib/page-preferences';
import { useBanUser, useChannelBans, useLiftBan } from '../api/moderation';
import { moderationDay, moderationTime } from '../lib/format';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Textarea } from '@/components/ui/textarea';

/** The ban form, with the contract's limits and words; an empty `days` is a permanent ban. */
const banFormSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(200),
  reason: z.string().max(MODERATION_LIMITS.reasonMax, `reason must be at most ${MODERATION_LIMITS.reasonMax} characters`),
  days: z
    .string()
    .trim()
    .refine((days) => days === '' || (/^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= MODERATION_LIMITS.banDaysMax), {
      message: `days must be between 1 and ${MODERATION_LIMITS.banDaysMax}`,
    }),
});
type BanFormValues = z.infer<typeof banFormSchema>;
/** A fediverse handle, `@user@host[:port]`, as opposed to one of the site's usernames. */
const FEDIVERSE_HANDLE = /^@?[^@\s]+@[^@\s/]+$/;

function BanForm({ channelId }: { channelId: number }) {
  const id = useId();
  const ban = useBanUser(channelId);
  const form = useForm<BanFormValues>({ resolver: zodResolver(banFormSchema), defaultValues: { username: '', reason: '', days: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ username, reason, days }) => {
    try {
      // `@user@host` names an account on the fediverse that has replied here.
      const who = FEDIVERSE_HANDLE.test(username) ? { handle: username } : { username };
      await ban.mutateAsync({ ...who, reason: reason.trim() || null, days: days ? Number(days) : null });
    } catch {
      return; // The server's words show under the form.
    }
    toast({ title: `${username} is banned from this channel` });
    form.reset();
  });
  const error = (name: keyof BanFormValues) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm text-destructive">
        {errors[name]?.message}
      </p>
    );
  const describedBy = (name: keyof BanFormValues, hint?: string) =>
    [hint, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <Form className="grid gap-4 rounded-lg border bg-card p-4 shadow-xs" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Ban a reader
      </h3>
      <p className="-mt-2 text-sm text-muted-foreground">A banned reader cannot comment or react on this channel’s articles. What they wrote before stays.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            id={`${id}-username`}
            autoComplete="off"
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={describedBy('username', `${id}-username-hint`)}
            {...form.register('username')}
          />
          <p id={`${id}-username-hint`} className="text-sm text-muted-foreground">
            Or a fediverse handle, such as @reader@mastodon.social
          </p>
          {error('username')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-days`}>Days</Label>
          <Input
            id={`${id}-days`}
            inputMode="numeric"
            placeholder="Permanent"
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={describedBy('days', `${id}-days-hint`)}
            {...form.register('days')}
          />
          <p id={`${id}-days-hint`} className="text-xs text-muted-foreground">
            1 to {MODERATION_LIMITS.banDaysMax}; leave empty for a permanent ban.
          </p>
          {error('days')}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
        <Textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={MODERATION_LIMITS.reasonMax}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describedBy('reason')}
          {...form.register('reason')}
        />
        {error('reason')}
      </div>
      {ban.isError && (
        <p role="alert" className="text-sm text-destructive">
          {ban.error.message}
        </p>
      )}
      <div>
        <Button type="submit" variant="destructive" disabled={ban.isPending}>
          {ban.isPending ? <Spinner className="[&_svg]:size-4" label="Banning" /> : <BanIcon aria-hidden="true" />}
          Ban
        </Button>
      </div>
    </Form>
  );
}

function BanRow({ channelId, ban, own }: { channelId: number; ban: Ban; own: boolean }) {
  const { timeZone } = usePagePreferences();
  const lift = useLiftBan(channelId);
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold">
          {FEDIVERSE_HANDLE.test(ban.user.username) ? (
            // An account on the fediverse has no page here.
            <span className="break-all">{ban.user.username}</span>
          ) : (
            <Link to={paths.author(ban.user.username)} className="underline-offset-4 hover:underline">
              {ban.user.username}
            </Link>
          )}
        </p>
        <p className="text-muted-foreground">
          {ban.until ? (
            <>
              Until <time dateTime={ban.until}>{moderationDay(ban.until, timeZone)}</time>
            </>
          ) : (
            'Permanent'
          )}{' '}
          · by {ban.by.username} on <time dateTime={ban.createdAt}>{moderationTime(ban.createdAt, timeZone)}</time>
        </p>
        <p className="break-words">{ban.reason ?? <span className="text-muted-foreground italic">No reason given</span>}</p>
      </div>
      {own ? (
        // Nobody lifts a ban on themselves (the server refuses it): another moderator must.
        <p className="self-start text-sm text-muted-foreground">Your own ban: another moderator can lift it.</p>
      ) : (
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" className="self-start">
              <UndoIcon aria-hidden="true" />
              Lift ban<span className="sr-only"> on {ban.user.username}</span>
            </Button>
          }
          title={`Lift the ban on ${ban.user.username}?`}
          description="They can comment and react in this channel again at once."
          confirm="Lift ban"
          onConfirm={() => lift.mutateAsync(ban.user.id).then(() => toast({ title: `The ban on ${ban.user.username} is lifted` }))}
        />
      )}
    </div>
  );
}

/** The channel's bans in force, and the form that adds one. */
export function ChannelBans({ channelId, viewerId }: { channelId: number; viewerId: number | null }) {
  const bans = useChannelBans(channelId);
  return (
    <div className="space-y-6">
      <BanForm channelId={channelId} />
      <section aria-labelledby="bans-in-force" className="space-y-3">
        <h3 id="bans-in-force" className="font-semibold">
          Bans in force
        </h3>
        {bans.isPending ? (
          <Spinner label="Loading bans" />
        ) : bans.isError ? (
          <p className="text-sm text-destructive">{bans.error.message}</p>
        ) : bans.data.length === 0 ? (
          <p className="text-muted-foreground">Nobody is banned from this channel.</p>
        ) : (
          <ul aria-label="Banned readers" className="space-y-3">
            {bans.data.map((ban) => (
              <li key={ban.user.id}>
                <BanRow channelId={channelId} ban={ban} own={ban.user.id === viewerId} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
