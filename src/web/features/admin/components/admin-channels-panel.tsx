import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminChannel } from '@contract/admin';
import { paths } from '@contract/paths';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage, useAdminChannels, useUpdateAdminChannel } from '../api/admin';
import { parseAdminCount } from '../lib/admin-count';
import { formatAdminDate, formatCount } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { AdminCell, AdminMessageRow, AdminRow, AdminSearch, AdminTable, CountInput, LoadMore, RowActions } from './admin-table';

const COLUMNS = [
  { label: 'Channel Name', width: 'w-44' },
  { label: 'Description' },
  { label: 'Created', width: 'w-32' },
  { label: 'Real Subs', numeric: true, width: 'w-24' },
  { label: 'Total Subs', numeric: true, width: 'w-28' },
  { label: 'Actions', numeric: true, width: 'w-48' },
];

/**
 * The 'Manage Channels' tab (docs/product.md#admin): the total subscriber count edited inline,
 * one row at a time. The server keeps real subscriptions counting on top of the total it is given.
 */
export function AdminChannelsPanel() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const list = useAdminChannels(q);
  const update = useUpdateAdminChannel();
  const [draft, setDraft] = useState<{ id: number; total: string } | null>(null);
  const returnFocusTo = useRef<number | null>(null);

  const channels = list.data?.pages.flatMap((page) => page.items) ?? [];

  const startEdit = (channel: AdminChannel) => setDraft({ id: channel.id, total: String(channel.subscriber_count) });

  /** Leaves edit mode for row `id` (if it is still the one being edited) and puts focus back on its Edit button. */
  const stopEdit = (id: number | undefined = draft?.id) => {
    returnFocusTo.current = id ?? null;
    setDraft((current) => (current?.id === id ? null : current));
  };

  const save = () => {
    if (!draft || update.isPending) return;
    update.mutate(
      { id: draft.id, subscriberCount: parseAdminCount(draft.total) },
      {
        onSuccess: (saved) => {
          toast({ title: 'Success', description: `Channel "${saved.name}" subscriber count updated.` });
          stopEdit(saved.id);
        },
        onError: (error) => {
          toast({ title: 'Error Updating Channel', description: adminErrorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Channels</CardTitle>
          <CardDescription>Edit channel subscriber counts to boost visibility</CardDescription>
        </div>
        <AdminSearch label="Search channels by name" placeholder="Search channels..." value={search} onChange={setSearch} />
      </CardHeader>
      <CardContent>
        <AdminTable caption="Channels and their subscriber counts" columns={COLUMNS} minWidth="min-w-[57rem]">
          {list.isPending ? (
            <AdminMessageRow colSpan={COLUMNS.length}>
              <Spinner label="Loading channels" />
            </AdminMessageRow>
          ) : list.isError ? (
            <AdminMessageRow colSpan={COLUMNS.length} tone="error">
              <span role="alert">Error loading channels: {list.error.message}</span>
            </AdminMessageRow>
          ) : channels.length === 0 ? (
            <AdminMessageRow colSpan={COLUMNS.length}>No channels found.</AdminMessageRow>
          ) : (
            channels.map((channel) => {
              const editing = draft?.id === channel.id;
              return (
                <AdminRow key={channel.id} editing={editing}>
                  <AdminCell className="break-words">
                    <Link to={paths.channel(channel.id)} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                      {channel.name}
                    </Link>
                  </AdminCell>
                  <AdminCell className="text-muted-foreground">
                    <span className="line-clamp-2">{channel.description || <em>No description</em>}</span>
                  </AdminCell>
                  <AdminCell className="whitespace-nowrap text-muted-foreground">{formatAdminDate(channel.createdAt)}</AdminCell>
                  <AdminCell numeric className="text-muted-foreground">
                    {formatCount(channel.real_subscriber_count)}
                  </AdminCell>
                  <AdminCell numeric>
                    {editing && draft ? (
                      <CountInput
                        label={`Total subscribers for "${channel.name}"`}
                        value={draft.total}
                        onChange={(total) => setDraft({ ...draft, total })}
                        onSave={save}
                        onCancel={() => stopEdit()}
                        autoFocus
                        disabled={update.isPending}
                      />
                    ) : (
                      formatCount(channel.subscriber_count)
                    )}
                  </AdminCell>
                  <AdminCell numeric>
                    <RowActions
                      name={`"${channel.name}"`}
                      editing={editing}
                      saving={editing && update.isPending}
                      onEdit={() => startEdit(channel)}
                      onSave={save}
                      onCancel={() => stopEdit()}
                      editButtonRef={(element) => {
                        if (element && returnFocusTo.current === channel.id) {
                          returnFocusTo.current = null;
                          element.focus();
                        }
                      }}
                    />
                  </AdminCell>
                </AdminRow>
              );
            })
          )}
        </AdminTable>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      </CardContent>
    </Card>
  );
}
