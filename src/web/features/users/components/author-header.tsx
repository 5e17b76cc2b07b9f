import { Link } from 'react-router';
import { CalendarIcon, NewspaperIcon } from 'lucide-react';
import type { Author } from '@contract/users';
import { dateFormat } from '@contract/formats';
import { paths } from '@contract/paths';
import { usePagePreferences } from '@/lib/page-preferences';

/** In the page's time zone, so the server and the browser print the same day. */
function joined(value: string, timeZone: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Date not available' : dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
}

/**
 * The top of an author's page: their name (the page's h1), when they joined, their bio (the
 * profile's 'About', docs/product.md#profile) and the channels they own, each a link to the channel.
 */
export function AuthorHeader({ author }: { author: Author }) {
  const { timeZone } = usePagePreferences();
  return (
    <header className="space-y-5 border-b pb-8">
      <div className="space-y-2">
        <p className="text-xs font-semibold tracking-[0.2em] text-muted-foreground uppercase">Author</p>
        <h1 className="font-serif text-4xl font-bold tracking-tight break-words sm:text-5xl">{author.username}</h1>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarIcon className="size-4" aria-hidden="true" />
          Member since <time dateTime={author.createdAt}>{joined(author.createdAt, timeZone)}</time>
        </p>
      </div>
      <section aria-labelledby="author-about-heading" className="space-y-1">
        <h2 id="author-about-heading" className="sr-only">
          About
        </h2>
        {author.bio ? (
          <p className="font-serif text-lg leading-relaxed break-words whitespace-pre-line">{author.bio}</p>
        ) : (
          <p className="text-muted-foreground italic">No description provided</p>
        )}
      </section>
      {author.channels.length > 0 && (
        <section aria-labelledby="author-channels-heading" className="space-y-2">
          <h2 id="author-channels-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Channels
          </h2>
          <ul className="flex flex-wrap gap-2">
            {author.channels.map((channel) => (
              <li key={channel.id}>
                <Link
                  to={paths.channel(channel.id)}
                  className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <NewspaperIcon className="size-3.5" aria-hidden="true" />
                  {channel.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </header>
  );
}
