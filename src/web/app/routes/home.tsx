import { PenLineIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useSelectedChannel } from '@/lib/selected-channel';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ArticleFeed } from '@/features/articles/components/article-feed';
import { PopularChannels } from '@/features/channels/components/popular-channels';
import { popularChannelsQueryOptions } from '@/features/channels/api/channels';
import { welcomeQueryOptions } from '@/features/channels/api/welcome';
import { WelcomePanel } from '@/features/channels/components/welcome-panel';
import { facetsQueryOptions, feedQueryOptions } from '@/features/articles/api/articles';
import { feedCursorOf, feedHref, parseFeedFilters } from '@/features/articles/lib/feed-params';
import { LIMITS } from '@contract/limits';
import { Link, redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { queryClientOf } from '@/lib/router-context';
import type { PageHead } from '../router';

/**
 * Home feed (docs/product.md#feed): the heading follows the session; 'Write an Article' for signed-in
 * users (into the selected channel when there is one); a new account's welcome panel; the feed with
 * its Sort menu, Filter panel and badges; on large screens the Popular Channels column.
 */
export default function HomePage() {
  const { user } = useAuth();
  const { selectedChannelId } = useSelectedChannel();
  const signedIn = user !== null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle()} />
      <div className="flex flex-wrap items-end justify-between gap-4 border-b pb-6">
        <div>
          <h1 className="font-serif text-4xl font-bold tracking-tight sm:text-5xl">{signedIn ? 'Your Feed' : 'Popular Articles'}</h1>
          <p className="mt-2 text-lg text-muted-foreground">
            {signedIn ? 'Latest articles from your favorite channels' : 'Want to interact or write your own articles? Sign up or log in!'}
          </p>
        </div>
        {signedIn && (
          <Button asChild>
            <Link to={selectedChannelId !== null ? paths.newArticleInChannel(selectedChannelId) : paths.newArticle}>
              <PenLineIcon aria-hidden="true" />
              Write an Article
            </Link>
          </Button>
        )}
      </div>
      {user && <WelcomePanel userId={user.id} username={user.username} />}
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ArticleFeed signedIn={signedIn} />
        <aside className="hidden lg:block">
          <div className="sticky top-24">
            <PopularChannels />
          </div>
        </aside>
      </div>
    </div>
  );
}

/** The reader's feed as the URL's filters ask, and the Popular Channels column. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = queryClientOf(context);
  const params = new URL(request.url).searchParams;
  const filters = parseFeedFilters(params);
  const cursor = feedCursorOf(params);
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  const feed = queryClient.ensureInfiniteQueryData(feedQueryOptions(filters, cursor)).catch((error: unknown) => {
    // A 'Load more' link whose cursor no longer reads (edited by hand, an old format): the feed from its start.
    if (cursor === null) throw error;
    throw redirect(feedHref(filters));
  });
  await Promise.all([
    feed,
    queryClient.ensureQueryData(popularChannelsQueryOptions(LIMITS.popularChannelsInMenu)),
    // A new account's welcome panel (it offers the popular channels above).
    user ? queryClient.ensureQueryData(welcomeQueryOptions(user.id)) : null,
    // The Filter form lists these without JavaScript; a failure leaves the choices to load in the browser.
    queryClient.prefetchQuery(facetsQueryOptions()),
  ]);
  return null;
}

/** The front page's one address, whatever query string it was opened with. */
export const head: PageHead = ({ publicUrl }) => <link rel="canonical" href={`${publicUrl}/`} />;
