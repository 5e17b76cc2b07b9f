import { useState } from 'react';
import { Link } from 'react-router';
import { RefreshCwIcon, SearchIcon } from 'lucide-react';
import type { Subscription } from '@contract/channels';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { usePagePreferences } from '@/lib/page-preferences';
import { useSubscriptionActions, useUserSubscriptions } from '../api/subscriptions';
import { nextSort, sortBy, type SortState } from '../lib/sorting';
import { formatDate, subscribedChannelsText } from '../lib/text';
import { SortableHeader } from './sortable-header';

type SubscriptionSortKey = 'name' | 'subscriberCount' | 'subscriptionDate';

const sortValue = (s: Subscription, key: SubscriptionSortKey) =>
  key === 'name' ? s.name : key === 'subscriberCount' ? s.subscriberCount : Date.parse(s.subscriptionDate) || null;

/**
 * The profile's 'Channel Subscriptions' card (docs/product.md#profile): own profile only, searchable,
 * sortable by name, subscriber count or subscription date (default date, newest first).
 */
export function SubscriptionsCard({ userId }: { userId: number }) {
  const query = useUserSubscriptions(userId);
  const { timeZone } = usePagePreferences();
  const { unsubscribe, isPending } = useSubscriptionActions();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<SubscriptionSortKey>>({ key: 'subscriptionDate', direction: 'desc' });
  const onSort = (key: SubscriptionSortKey) => setSort((current) => nextSort(current, key, 'desc'));

  const subscriptions = query.data ?? [];
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? subscriptions.filter((s) => s.name.toLowerCase().includes(needle) || s.description.toLowerCase().includes(needle))
    : subscriptions;
  const rows = sortBy(matching, sort, sortValue);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Channel Subscriptions</CardTitle>
        {query.data && <CardDescription data-testid="subscription-count">{subscribedChannelsText(subscriptions.length)}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">Your subscriptions could not be loaded.</p>
            {/* Shown when the count is known but the details failed (docs/product.md#profile). */}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCwIcon aria-hidden="true" />
              Refresh Subscriptions
            </Button>
          </div>
        )}
        {query.isPending ? (
          <Spinner label="Loading subscriptions" />
        ) : subscriptions.length === 0 ? (
          !query.isError && <p className="text-muted-foreground">Not yet subscribed to any channels</p>
        ) : (
          <>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              <Input
                type="search"
                aria-label="Search subscriptions"
                placeholder="Search subscriptions..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="pl-9"
              />
            </div>
            {rows.length === 0 ? (
              <p className="text-muted-foreground">No channels match your search criteria</p>
            ) : (
              // On a phone each row is a small card (name and subscribers, then its actions on a line of
              // their own), so nothing is cut off or hidden in a sideways scroll; from sm up a table.
              <div className="relative sm:overflow-x-auto">
                <table className="w-full text-sm max-sm:block">
                  <thead className="border-b text-muted-foreground max-sm:block">
                    <tr className="max-sm:flex max-sm:justify-between">
                      <SortableHeader sort={sort} column="name" onSort={onSort}>
                        Channel Name
                      </SortableHeader>
                      <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">
                        Description
                      </th>
                      <SortableHeader sort={sort} column="subscriberCount" onSort={onSort} className="text-right">
                        Subscribers
                      </SortableHeader>
                      <SortableHeader sort={sort} column="subscriptionDate" onSort={onSort} className="hidden sm:table-cell">
                        Subscribed
                      </SortableHeader>
                      <th scope="col" className="px-3 py-2 text-right font-medium max-sm:hidden">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y max-sm:block">
                    {rows.map((s) => (
                      <tr key={s.id} className="max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:py-1">
                        <td className="px-3 py-2 font-medium [overflow-wrap:anywhere]">{s.name}</td>
                        <td className="hidden max-w-xs truncate px-3 py-2 text-muted-foreground md:table-cell">{s.description}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{s.subscriberCount}</td>
                        <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">{formatDate(s.subscriptionDate, timeZone) ?? 'N/A'}</td>
                        <td className="px-3 py-2 max-sm:col-span-2 max-sm:pt-0">
                          <div className="flex flex-wrap items-center gap-1 max-sm:-ml-3 sm:flex-nowrap sm:justify-end">
                            <Button asChild variant="ghost" size="sm">
                              <Link to={paths.channel(s.id)} aria-label={`View ${s.name}`}>
                                View
                              </Link>
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              className="text-destructive"
                              disabled={isPending}
                              aria-label={`Unsubscribe from ${s.name}`}
                              onClick={() => unsubscribe(s)}
                            >
                              Unsubscribe
                            </Button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
