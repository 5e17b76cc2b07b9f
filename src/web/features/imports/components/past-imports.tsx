import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ImportJob } from '@contract/imports';
import { Button } from '@/components/ui/button';
import { FORMAT_NAMES } from '../api/imports';

const STATUS: Record<ImportJob['status'], string> = { queued: 'Waiting', running: 'Running', done: 'Finished', failed: 'Failed' };

/** The channel's earlier imports, newest first, a page at a time. */
export function PastImports({ query }: { query: UseInfiniteQueryResult<InfiniteData<{ items: ImportJob[]; nextCursor: string | null }>> }) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="past-imports" className="grid gap-2">
      <h2 id="past-imports" className="text-lg font-semibold">Past imports</h2>
      {query.isPending ? (
        <p className="text-muted-foreground">Loading past imports…</p>
      ) : query.isError ? (
        <p role="alert">The past imports could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">No imports yet.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {items.map((job) => (
            <li key={job.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2">
              <span className="min-w-0 break-all font-medium">{job.fileName}</span>
              <span className="text-sm text-muted-foreground">
                {job.format ? FORMAT_NAMES[job.format] : 'Unknown format'} · {STATUS[job.status]} · {job.counts.articles === 1 ? '1 article' : `${job.counts.articles} articles`} ·{' '}
                {new Date(job.createdAt).toLocaleString()}
              </span>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" className="justify-self-start" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more
        </Button>
      )}
    </section>
  );
}
