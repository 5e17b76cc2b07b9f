import { useRef, useState, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult, UseMutationResult } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage } from '../api/admin';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { AdminMessageRow, AdminSearch, AdminTable, LoadMore, type AdminColumn } from './admin-table';

/** What the search box holds, and the settled text the list asks the server for. */
export function useAdminSearch(): { search: string; setSearch: (value: string) => void; q: string } {
  const [search, setSearch] = useState('');
  return { search, setSearch, q: useDebouncedValue(search) };
}

/**
 * One row of an admin table edited in place at a time: its fields as typed (read on save), Save
 * through `update` with a toast either way, and the focus back on the row's Edit button when the
 * edit ends (saved or cancelled).
 */
export function useRowEdit<Values, Saved extends { id: number }, Variables>({
  update,
  variables,
  savedMessage,
  errorTitle,
}: {
  update: UseMutationResult<Saved, Error, Variables>;
  /** What `update` is sent for the row's fields. */
  variables: (id: number, values: Values) => Variables;
  savedMessage: (saved: Saved) => string;
  errorTitle: string;
}) {
  const [draft, setDraft] = useState<{ id: number; values: Values } | null>(null);
  const returnFocusTo = useRef<number | null>(null);

  /** Leaves edit mode for row `id` (if it is still the one being edited) and puts focus back on its Edit button. */
  const stop = (id: number | undefined = draft?.id) => {
    returnFocusTo.current = id ?? null;
    setDraft((current) => (current?.id === id ? null : current));
  };

  const save = () => {
    if (!draft || update.isPending) return;
    update.mutate(variables(draft.id, draft.values), {
      onSuccess: (saved) => {
        toast({ title: 'Success', description: savedMessage(saved) });
        stop(saved.id);
      },
      onError: (error) => {
        toast({ title: errorTitle, description: adminErrorMessage(error), variant: 'destructive' });
      },
    });
  };

  return {
    /** The fields of row `id` while it is being edited, else null. */
    editing: (id: number) => (draft?.id === id ? draft.values : null),
    start: (id: number, values: Values) => setDraft({ id, values }),
    change: (values: Partial<Values>) => setDraft((current) => current && { ...current, values: { ...current.values, ...values } }),
    stop,
    save,
    saving: update.isPending,
    /** The ref of row `id`'s Edit button, which takes the focus back when that row's edit ends. */
    editButtonRef: (id: number) => (element: HTMLButtonElement | null) => {
      if (element && returnFocusTo.current === id) {
        returnFocusTo.current = null;
        element.focus();
      }
    },
  };
}

/**
 * An admin tab (docs/product.md#admin): a card with its title and search box over a table of what
 * the API lists, a page at a time, with the loading, failed and empty states in the table's body.
 */
export function AdminListPanel<Item extends { id: number }>({
  title,
  description,
  search,
  searchLabel,
  searchPlaceholder,
  caption,
  columns,
  minWidth,
  list,
  noun,
  renderRow,
}: {
  title: string;
  description: string;
  search: { search: string; setSearch: (value: string) => void };
  searchLabel: string;
  searchPlaceholder: string;
  caption: string;
  columns: AdminColumn[];
  /** Tailwind min-width class of the table. */
  minWidth: string;
  list: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>;
  /** What the list holds, in the plural ('articles'): 'Loading articles', 'No articles found.'. */
  noun: string;
  renderRow: (item: Item) => ReactNode;
}) {
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <AdminSearch label={searchLabel} placeholder={searchPlaceholder} value={search.search} onChange={search.setSearch} />
      </CardHeader>
      <CardContent>
        <AdminTable caption={caption} columns={columns} minWidth={minWidth}>
          {list.isPending ? (
            <AdminMessageRow colSpan={columns.length}>
              <Spinner label={`Loading ${noun}`} />
            </AdminMessageRow>
          ) : list.isError ? (
            <AdminMessageRow colSpan={columns.length} tone="error">
              <span role="alert">
                Error loading {noun}: {list.error.message}
              </span>
            </AdminMessageRow>
          ) : items.length === 0 ? (
            <AdminMessageRow colSpan={columns.length}>No {noun} found.</AdminMessageRow>
          ) : (
            items.map(renderRow)
          )}
        </AdminTable>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      </CardContent>
    </Card>
  );
}
