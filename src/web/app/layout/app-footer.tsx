import { Link } from 'react-router';
import { RssIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { SITE_NAME } from '@/lib/site';

/** The foot of every page: the masthead again, Explore Channels and the site's RSS feed. */
export function AppFooter() {
  return (
    <footer className="mt-16 border-t-4 border-double border-border">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-8 text-sm text-muted-foreground">
        <p>
          <span className="font-serif text-lg font-bold text-foreground">{SITE_NAME}</span>
          {/* True for every visitor, signed in or not, following channels or none. */}
          <span className="ml-2">News from independent channels.</span>
        </p>
        <nav aria-label="Footer" className="flex items-center gap-5">
          <Link to={paths.channels} className="rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring">
            Explore Channels
          </Link>
          {/* A server route (not a page), so a plain link. */}
          <a
            href={paths.feeds.rss}
            type="application/rss+xml"
            className="inline-flex items-center gap-1.5 rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <RssIcon className="size-4" aria-hidden="true" />
            RSS feed
          </a>
        </nav>
      </div>
    </footer>
  );
}
