import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/lib/use-hydrated';
import { errorMessage } from '@/lib/api-client';
import { useAuthorArticles } from '../api/author-articles';
import { ArticleCard } from './article-card';

/**
 * An author's published articles, newest first, as cards, with 'No articles yet' when there are
 * none. 'Load more' adds the next page once the app runs; before that (JavaScript off) it is a
 * link to the page starting at the next cursor, which the server renders.
 */
export function AuthorArticles({ username, startCursor, signedIn }: { username: string; startCursor: string | null; signedIn: boolean }) {
  const articles = useAuthorArticles(username, startCursor);
  const hydrated = useHydrated();
  const pages = articles.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const nextCursor = pages.at(-1)?.nextCursor ?? null;

  return (
    <section aria-labelledby="author-articles-heading" className="space-y-4">
      <h2 id="author-articles-heading" className="font-serif text-2xl font-semibold">
        Articles
      </h2>
      {articles.isPending ? (
        <Spinner label="Loading articles" />
      ) : articles.isError && !articles.isFetchNextPageError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(articles.error, 'Failed to load articles')}
        </p>
      ) : items.length === 0 ? (
        <p className="py-8 text-lg text-muted-foreground">No articles yet</p>
      ) : (
        <>
          <div>
            {items.map((article) => (
              <ArticleCard key={article.id} article={article} signedIn={signedIn} headingLevel={3} />
            ))}
          </div>
          {nextCursor !== null && (
            <div className="flex justify-center py-4">
              {!hydrated ? (
                <Button asChild variant="outline">
                  <Link to={{ search: `?${new URLSearchParams({ cursor: nextCursor })}` }}>Load more</Link>
                </Button>
              ) : articles.isFetchingNextPage ? (
                <Spinner label="Loading more articles" />
              ) : (
                <Button variant="outline" onClick={() => void articles.fetchNextPage()}>
                  Load more
                </Button>
              )}
            </div>
          )}
          {articles.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-destructive">
              {errorMessage(articles.error, 'Failed to load articles')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
