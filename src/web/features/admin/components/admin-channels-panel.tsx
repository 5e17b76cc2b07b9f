import { Link } from 'react-router';
import { paths } from '@contract/paths';
import { useAdminChannels, useUpdateAdminChannel } from '../api/admin';
import { parseAdminCount } from '../lib/admin-count';
import { formatAdminDate, formatCount } from '../lib/format';
import { AdminListPanel, useAdminSearch, useRowEdit } from './admin-list-panel';
import { AdminCell, AdminRow, CountInput, RowActions } from './admin-table';

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
  const search = useAdminSearch();
  const list = useAdminChannels(search.q);
  const rows = useRowEdit({
    update: useUpdateAdminChannel(),
    variables: (id, values: { total: string }) => ({ id, subscriberCount: parseAdminCount(values.total) }),
    savedMessage: (saved) => `Channel "${saved.name}" subscriber count updated.`,
    errorTitle: 'Error Updating Channel',
  });

  return (
    <AdminListPanel
      title="Channels"
      description="Edit channel subscriber counts to boost visibility"
      search={search}
      searchLabel="Search channels by name"
      searchPlaceholder="Search channels..."
      caption="Channels and their subscriber counts"
      columns={COLUMNS}
      minWidth="min-w-[57rem]"
      list={list}
      noun="channels"
      renderRow={(channel) => {
        const values = rows.editing(channel.id);
        return (
          <AdminRow key={channel.id} editing={values !== null}>
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
              {values ? (
                <CountInput
                  label={`Total subscribers for "${channel.name}"`}
                  value={values.total}
                  onChange={(total) => rows.change({ total })}
                  onSave={rows.save}
                  onCancel={() => rows.stop()}
                  autoFocus
                  disabled={rows.saving}
                />
              ) : (
                formatCount(channel.subscriber_count)
              )}
            </AdminCell>
            <AdminCell numeric>
              <RowActions
                name={`"${channel.name}"`}
                editing={values !== null}
                saving={values !== null && rows.saving}
                onEdit={() => rows.start(channel.id, { total: String(channel.subscriber_count) })}
                onSave={rows.save}
                onCancel={() => rows.stop()}
                editButtonRef={rows.editButtonRef(channel.id)}
              />
            </AdminCell>
          </AdminRow>
        );
      }}
    />
  );
}
