import type { ComponentProps } from 'react';
import { LIMITS } from '@contract/limits';
import { cn } from '@/lib/utils';
import { COUNTER_TONE_CLASSES, descriptionCounterTone } from '../lib/text';

export const textareaClassName =
  'flex min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm';

/**
 * A channel description: multi-line, at most 800 characters, with the 'n/800 chars' counter that
 * turns amber above 750 and red and bold at 800 (docs/product.md#channels and #limits).
 */
export function DescriptionField({
  id,
  value,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'value'> & { id: string; value: string }) {
  const tone = descriptionCounterTone(value.length);
  return (
    <div className="grid gap-1">
      <textarea
        id={id}
        value={value}
        maxLength={LIMITS.channelDescriptionMax}
        aria-describedby={`${id}-counter`}
        className={cn(textareaClassName, className)}
        {...props}
      />
      <p id={`${id}-counter`} data-tone={tone} className={cn('text-right text-xs', COUNTER_TONE_CLASSES[tone])}>
        {value.length}/{LIMITS.channelDescriptionMax} chars
      </p>
    </div>
  );
}
