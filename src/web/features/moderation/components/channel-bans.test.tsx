// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Ban } from '@contract/moderation';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { channelBansUrl } from '../api/moderation';
import { ChannelBans } from './channel-bans';

afterEach(cleanup);

const ban = (id: number, username: string): Ban => ({
  user: { id, username },
  reason: 'Off topic again',
  until: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  by: { id: 1, username: 'nora_owner' },
});

function showBans(bans: Ban[], viewerId: number) {
  // What the page loaded is kept: nothing is fetched again in the test.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData([channelBansUrl(7)], bans);
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <PagePreferencesProvider value={{ theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: 0, selectedChannelId: null }}>
          <ChannelBans channelId={7} viewerId={viewerId} />
        </PagePreferencesProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the bans in force', () => {
  it('offers a banned moderator no Lift ban on their own row, and keeps it on everyone else’s', () => {
    showBans([ban(5, 'eddie_editor'), ban(6, 'rita_reader')], 5);
    const rows = within(screen.getByRole('list', { name: 'Banned readers' })).getAllByRole('listitem');
    expect(within(rows[0]!).queryByRole('button', { name: /Lift ban/ })).toBeNull();
    expect(within(rows[0]!).getByText('Your own ban: another moderator can lift it.')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Lift ban on rita_reader' })).toBeTruthy();
  });
});
