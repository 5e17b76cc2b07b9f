// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Channel } from '@contract/channels';
import { Button } from '@/components/ui/button';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { SelectedChannelProvider } from '@/lib/selected-channel';
import { selectedChannelKeyForUser, writeStorage } from '@/lib/storage';
import { channelsKeys } from '../api/channels';
import { menuChannels, type StaffChannelRef } from '../lib/menu-channels';
import ChannelSwitcherDropdown from './channel-switcher-dropdown';

afterEach(() => {
  cleanup();
  // The selected channel is remembered in storage; each test starts from the cookie's choice alone.
  localStorage.clear();
});

const own = (id: number, name: string) => ({ id, name }) as Channel;
const staff: StaffChannelRef[] = [
  { id: 30, name: 'Harbour Desk', role: 'writer' },
  { id: 40, name: 'City Hall Beat', role: 'editor' },
];

function showMenu(owned: Channel[], staffChannels: StaffChannelRef[], selected: number | null) {
  // The reader's stored choice, which the menu keeps after the page has loaded.
  if (selected !== null) writeStorage(selectedChannelKeyForUser(1), String(selected));
  // What the page loaded is kept: nothing is fetched again in the test.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(channelsKeys.own, owned);
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <PagePreferencesProvider value={{ theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: 0, selectedChannelId: selected }}>
          <SelectedChannelProvider userId={1} channelIds={[...owned, ...staffChannels].map((channel) => channel.id)}>
            <ChannelSwitcherDropdown userId={1} trigger={<Button>Channels</Button>} defaultOpen staffChannels={staffChannels} />
          </SelectedChannelProvider>
        </PagePreferencesProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the header’s channel menu', () => {
  it('lists the reader’s own channels first, then the channels they are staff of with their role', () => {
    showMenu([own(1, 'Town Hall Notes'), own(2, 'Garden Club')], staff, 1);
    const items = within(screen.getByRole('menu')).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Town Hall Notes', 'Garden Club', 'Harbour Desk, Writer', 'City Hall Beat, Editor']);
  });

  it('marks a staff channel as the current one when it is the one selected', () => {
    showMenu([own(1, 'Town Hall Notes')], staff, 40);
    expect(screen.getByRole('menuitemradio', { name: /City Hall Beat/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: /Town Hall Notes/ }).getAttribute('aria-checked')).toBe('false');
  });

  it('offers the channels of someone who owns none but is on a staff', () => {
    showMenu([], staff.slice(0, 1), 30);
    expect(screen.getByText('Switch channel')).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: /Harbour Desk/ }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('the channels the menus list', () => {
  it('keeps a channel once, as the owner’s, if a stale staff list still names it', () => {
    expect(menuChannels([own(30, 'Harbour Desk')], staff).map((channel) => [channel.id, channel.role])).toEqual([
      [30, 'owner'],
      [40, 'editor'],
    ]);
  });
});
