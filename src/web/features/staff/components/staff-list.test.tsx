// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffMember } from '@contract/staff';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { channelStaffUrl } from '../api/staff-queries';
import { StaffList } from './staff-list';

afterEach(cleanup);

const member = (id: number, username: string, role: StaffMember['role'], status: StaffMember['status'] = 'active'): StaffMember => ({
  user: { id, username },
  role,
  since: '2026-11-02T09:00:00.000Z',
  status,
});
const staff = [member(1, 'olive', 'owner'), member(2, 'wren', 'writer'), member(3, 'ed', 'editor'), member(4, 'pip', 'writer', 'pending')];

function show(viewerId: number) {
  // What the page loaded is kept: nothing is fetched again in the test.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData([channelStaffUrl(7)], staff);
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <PagePreferencesProvider value={{ theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: 0, selectedChannelId: null }}>
          <StaffList channelId={7} viewerId={viewerId} />
        </PagePreferencesProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the channel’s staff list', () => {
  it('gives the owner a role select per member, Remove for members and Cancel invitation for the pending', () => {
    show(1);
    expect((screen.getByLabelText('Role of wren') as HTMLSelectElement).value).toBe('writer');
    expect((screen.getByLabelText('Role of ed') as HTMLSelectElement).value).toBe('editor');
    expect(screen.queryByLabelText('Role of olive')).toBeNull();
    expect(screen.queryByLabelText('Role of pip')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove wren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel invitation pip' })).toBeTruthy();
    expect(screen.getByText('Invitation pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave channel' })).toBeNull();
  });

  it('shows a staff member everyone’s role, changes nothing, and offers to leave', () => {
    show(2);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Remove|Cancel invitation/ })).toBeNull();
    expect(screen.getByText(/^Owner ·/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave channel' })).toBeTruthy();
  });

  it('lists the owner first, with the dates in the reader’s zone', () => {
    show(3);
    const names = screen.getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent);
    expect(names).toEqual(['olive', 'wren', 'ed', 'pip']);
    expect(screen.getAllByText('Nov 2, 2026')).toHaveLength(4);
  });
});
