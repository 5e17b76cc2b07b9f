import { cn } from '@/lib/utils';

/** A multi-line field, drawn as the app's other text areas are (comment form, channel description). */
export const textareaClassName = cn(
  'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground md:text-sm',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
);
