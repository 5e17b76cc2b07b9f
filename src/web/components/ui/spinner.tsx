import type { ComponentProps } from 'react';
import { Loader2Icon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinning indicator announced to screen readers as `label`. */
export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'span'> & { label?: string }) {
  return (
    <span role="status" data-slot="spinner" className={cn('inline-flex items-center text-muted-foreground', className)} {...props}>
      <Loader2Icon className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the page body, for route-level loading states. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
