import { Link } from 'react-router';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { useRedirects, useRemoveRedirect } from '../api/redirects';

/** The channel's old addresses (from imports) and the articles they now lead to, each removable. */
export function ChannelRedirects({ channelId }: { channelId: number }) {
  const query = useRedirects(channelId);
  const remove = useRemoveRedirect(channelId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="channel-redirects" className="mt-8 grid gap-2 border-t pt-6">
      <h2 id="channel-redirects" className="text-lg font-semibold">Redirects</h2>
      <p className="text-sm text-muted-foreground">
        Old addresses from an import that lead to their articles here. <Link className="underline" to={paths.channelImport(channelId)}>Import into this channel</Link>
      </p>
      {query.isPending ? (
        <p className="text-muted-foreground">Loading redirects…</p>
      ) : query.isError ? (
        <p role="alert">The redirects could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">No redirects.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Redirects">
          {items.map((redirect) => (
            <li key={redirect.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                <code>{redirect.path}</code> → <Link className="underline" to={redirect.location}>{redirect.location}</Link>
              </span>
              <ConfirmAction
                trigger={<Button variant="outline" size="sm" className="shrink-0" aria-label={`Remove the redirect from ${redirect.path}`}>Remove</Button>}
                title="Remove this redirect?"
                description={`${redirect.path} will no longer lead to its article.`}
                confirm="Remove"
                onConfirm={() => remove.mutateAsync(redirect.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" className="justify-self-start" onClick={() => void query.fetchNextPage()}>Show more</Button>
      )}
    </section>
  );
}
