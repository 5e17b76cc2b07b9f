import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { SaveIcon } from 'lucide-react';
import { COMMENT_POLICIES, MODERATION_LIMITS, type CommentPolicy } from '@contract/moderation-rules';
import type { ChannelModeration } from '@contract/moderation';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useChannelModeration, useSaveChannelModeration } from '../api/moderation';

const POLICIES: Record<CommentPolicy, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Comments appear at once (unless they contain a blocked word).' },
  hold_first: { label: 'Hold first comments', hint: 'A reader’s first comment here waits for your approval; once one is approved, their comments appear at once.' },
  closed: { label: 'Closed', hint: 'Nobody can post new comments; those already posted stay.' },
};

/** One word or phrase a line; empty lines are ignored. */
function wordsOf(text: string): string[] {
  return text
    .split('\n')
    .map((word) => word.trim())
    .filter(Boolean);
}

const settingsFormSchema = z.object({
  commentPolicy: z.enum(COMMENT_POLICIES),
  blockedWords: z.string().superRefine((text, context) => {
    const words = wordsOf(text);
    if (words.length > MODERATION_LIMITS.blockedWordsMax)
      context.addIssue({ code: 'custom', message: `blockedWords must list at most ${MODERATION_LIMITS.blockedWordsMax} words` });
    const long = words.find((word) => word.length > MODERATION_LIMITS.blockedWordMax);
    if (long) context.addIssue({ code: 'custom', message: `each blocked word must be at most ${MODERATION_LIMITS.blockedWordMax} characters (“${long.slice(0, 20)}…”)` });
  }),
});
type SettingsFormValues = z.infer<typeof settingsFormSchema>;

function SettingsForm({ channelId, settings }: { channelId: number; settings: ChannelModeration }) {
  const id = useId();
  const save = useSaveChannelModeration(channelId);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: { commentPolicy: settings.commentPolicy, blockedWords: settings.blockedWords.join('\n') },
  });
  const { errors } = form.formState;
  const count = wordsOf(form.watch('blockedWords') ?? '').length;
  const submit = form.handleSubmit(async ({ commentPolicy, blockedWords }) => {
    try {
      const saved = await save.mutateAsync({ commentPolicy, blockedWords: wordsOf(blockedWords) });
      form.reset({ commentPolicy: saved.commentPolicy, blockedWords: saved.blockedWords.join('\n') });
      toast({ title: 'Moderation settings saved' });
    } catch {
      // The server's words show under the form.
    }
  });

  return (
    <Form className="grid max-w-2xl gap-6" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="grid gap-3">
        <legend id={`${id}-policy`} className="mb-3 font-semibold">
          Comments
        </legend>
        <Controller
          control={form.control}
          name="commentPolicy"
          render={({ field }) => (
            <RadioGroup aria-labelledby={`${id}-policy`} value={field.value} onValueChange={field.onChange} name={field.name}>
              {COMMENT_POLICIES.map((policy) => (
                <div key={policy} className="flex items-start gap-3">
                  <RadioGroupItem value={policy} id={`${id}-${policy}`} className="mt-0.5" aria-describedby={`${id}-${policy}-hint`} />
                  <div className="grid gap-0.5">
                    <Label htmlFor={`${id}-${policy}`}>{POLICIES[policy].label}</Label>
                    <p id={`${id}-${policy}-hint`} className="text-sm text-muted-foreground">
                      {POLICIES[policy].hint}
                    </p>
                  </div>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-words`} className="font-semibold">
          Blocked words
        </Label>
        <p id={`${id}-words-hint`} className="text-sm text-muted-foreground">
          One word or phrase a line, at most {MODERATION_LIMITS.blockedWordsMax}, each up to {MODERATION_LIMITS.blockedWordMax} characters. Whole words
          match, ignoring case and accents. A comment containing one is held for your approval, never dropped.
        </p>
        <Textarea
          id={`${id}-words`}
          rows={8}
          spellCheck={false}
          aria-invalid={errors.blockedWords ? true : undefined}
          aria-describedby={`${id}-words-hint ${id}-words-count${errors.blockedWords ? ` ${id}-words-error` : ''}`}
          {...form.register('blockedWords')}
        />
        <p id={`${id}-words-count`} className="text-right text-xs text-muted-foreground">
          {count}/{MODERATION_LIMITS.blockedWordsMax} words
        </p>
        {errors.blockedWords && (
          <p id={`${id}-words-error`} role="alert" className="text-sm text-destructive">
            {errors.blockedWords.message}
          </p>
        )}
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="[&_svg]:size-4" label="Saving" /> : <SaveIcon aria-hidden="true" />}
          Save settings
        </Button>
      </div>
    </Form>
  );
}

/** The channel's comment policy and blocked words. */
export function ModerationSettings({ channelId }: { channelId: number }) {
  const settings = useChannelModeration(channelId);
  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) return <p className="text-sm text-destructive">{settings.error.message}</p>;
  return <SettingsForm channelId={channelId} settings={settings.data} />;
}
