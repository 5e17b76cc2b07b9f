import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The frame of a channel's back-office pages (staff, review queue, moderation): the way back to
 * the channel, the page's h1 over the channel's name, then the page. `headingRef` makes the h1
 * focusable, for a page that sends the focus there when what had it goes away.
 */
export function ChannelPage({
  channelId,
  title,
  channelName,
  intro,
  headingRef,
  children,
}: {
  /** Null when there is no channel to go back to (its id is not one). */
  channelId: number | null;
  title: string;
  channelName: string | null;
  /** Said under the channel's name, inside the page's header. */
  intro?: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      {channelId !== null && (
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={paths.channel(channelId)}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to the channel
          </Link>
        </Button>
      )}
      <header className="mt-4 mb-6 border-b pb-4">
        <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={cn('font-serif text-4xl font-bold tracking-tight', headingRef && 'outline-none')}>
          {title}
        </h1>
        {channelName && <p className="mt-1 text-lg text-muted-foreground">{channelName}</p>}
        {intro}
      </header>
      {children}
    </div>
  );
}
