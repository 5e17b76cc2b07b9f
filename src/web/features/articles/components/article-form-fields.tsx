import { useId, type RefObject } from 'react';
import { SUBTITLE_COUNTER_FROM, SUBTITLE_MAX } from '@contract/article-fields';
import { LIMITS } from '@contract/limits';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TITLE_COUNTER_FROM } from '../lib/word-count';
import { TitleCounter } from './editor-word-count';
import type { ArticleFormState } from './use-article-form';

/** A field's message under it, for the screen reader through the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** The title, with its counter from 180 characters. */
export function TitleField({ state, error, inputRef }: { state: ArticleFormState; error?: string; inputRef: RefObject<HTMLInputElement | null> }) {
  const ids = { title: useId(), error: useId(), counter: useId() };
  const { form, values, setTouched } = state;
  const title = form.register('title', { onChange: () => setTouched(true) });
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={ids.title}>Title</Label>
        <TitleCounter id={ids.counter} title={values.title} />
      </div>
      <Input
        {...title}
        ref={(element) => {
          title.ref(element);
          inputRef.current = element;
        }}
        id={ids.title}
        // No maxLength: a longer title is not cut silently; the counter and the form's message say why it cannot be saved.
        aria-invalid={error || values.title.trim().length > LIMITS.titleMax ? true : undefined}
        aria-describedby={[error ? ids.error : '', values.title.trim().length >= TITLE_COUNTER_FROM ? ids.counter : ''].filter(Boolean).join(' ') || undefined}
        className="h-11 font-serif text-xl md:text-xl"
      />
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

/**
 * The subtitle under the title: plain text, optional, with its counter from 250 characters. Past
 * the limit nothing is cut; the counter says so and the form refuses to save with its message.
 */
export function SubtitleField({ state, error }: { state: ArticleFormState; error?: string }) {
  const ids = { subtitle: useId(), error: useId(), counter: useId() };
  const { form, values, setTouched } = state;
  const subtitle = form.register('subtitle', { onChange: () => setTouched(true) });
  const length = (values.subtitle ?? '').trim().length;
  const over = length - SUBTITLE_MAX;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={ids.subtitle}>
          Subtitle <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        {length >= SUBTITLE_COUNTER_FROM && (
          <span id={ids.counter} data-testid="subtitle-counter" className={cn('text-sm tabular-nums', over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground')}>
            {length}/{SUBTITLE_MAX}
            {over > 0 && <span role="status"> · {over} too many: a subtitle can be at most {SUBTITLE_MAX} characters</span>}
          </span>
        )}
      </div>
      <Input
        {...subtitle}
        value={values.subtitle ?? ''}
        id={ids.subtitle}
        aria-invalid={error || over > 0 ? true : undefined}
        aria-describedby={[error ? ids.error : '', length >= SUBTITLE_COUNTER_FROM ? ids.counter : ''].filter(Boolean).join(' ') || undefined}
        className="h-11 font-serif text-lg text-muted-foreground md:text-lg"
      />
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

/** The channel select: fixed once the article exists (an edit, or a draft an autosave created). */
export function ChannelField({
  state,
  channels,
  locked,
  error,
  selectRef,
}: {
  state: ArticleFormState;
  channels: { id: number; name: string }[];
  locked: boolean;
  error?: string;
  selectRef: RefObject<HTMLSelectElement | null>;
}) {
  const ids = { channel: useId(), error: useId() };
  const { values, set } = state;
  return (
    <div className="space-y-2">
      <Label htmlFor={ids.channel}>Channel</Label>
      <select
        ref={selectRef}
        id={ids.channel}
        value={values.channelId ?? ''}
        disabled={locked}
        onChange={(e) => set('channelId', e.target.value ? Number(e.target.value) : null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        className="flex h-9 w-full rounded-md border border-input bg-background px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
      >
        <option value="">Select a channel</option>
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.name}
          </option>
        ))}
      </select>
      {locked && <p className="text-xs text-muted-foreground">An article stays in the channel it was written in.</p>}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
