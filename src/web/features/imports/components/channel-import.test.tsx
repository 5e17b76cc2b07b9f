// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import { ChannelImport } from './channel-import';

function show(refused: number | null, channelId: number | null = 7) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ChannelImport channelId={channelId} refused={refused} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the import page', () => {
  afterEach(cleanup);
  it("tells a reader who does not own the channel they may not import", () => {
    show(403);
    expect(screen.getByText(CHANNEL_MESSAGES.noPermission)).toBeTruthy();
    expect(screen.queryByLabelText('Export file')).toBeNull();
  });

  it('says a missing channel is not found', () => {
    show(404);
    expect(screen.getByText(CHANNEL_MESSAGES.notFound)).toBeTruthy();
  });
});
