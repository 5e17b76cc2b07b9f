import type { ComponentProps } from 'react';
import { LIMITS } from '@contract/limits';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { COUNTER_TONE_CLASSES, descriptionCounterTone } from '../lib/text';

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
      <Textarea
        id={id}
        value={value}
        maxLength={LIMITS.channelDescriptionMax}
        aria-describedby={`${id}-counter`}
        className={cn('min-h-28', className)}
        {...props}
      />
      <p id={`${id}-counter`} data-tone={tone} className={cn('text-right text-xs', COUNTER_TONE_CLASSES[tone])}>
        {value.length}/{LIMITS.channelDescriptionMax} chars
      </p>
    </div>
  );
}
