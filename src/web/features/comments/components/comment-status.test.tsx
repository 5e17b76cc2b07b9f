// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Comment } from '@contract/comments';
import { MODERATION_MESSAGES } from '@contract/moderation-rules';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { CommentBody } from './comment-body';

const comment = (patch: Partial<Comment>): Comment => ({
  id: 7,
  article_id: 1,
  content: 'The bridge opens at noon.',
  parent_id: null,
  created_at: '2026-03-03T10:00:00.000Z',
  createdAt: '2026-03-03T10:00:00.000Z',
  user: { id: 2, username: 'bo' },
  deleted: false,
  editedAt: null,
  status: 'published',
  reportedByViewer: false,
  ...patch,
});

afterEach(cleanup);

function show(value: Comment) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <PagePreferencesProvider value={{ theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: 0, selectedChannelId: null }}>
          <CommentBody comment={value} now={Date.parse('2026-03-03T12:00:00Z')} />
        </PagePreferencesProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('a comment moderation has touched', () => {
  it('is marked as awaiting approval for its author while it is held', () => {
    show(comment({ status: 'pending' }));
    expect(screen.getByText(MODERATION_MESSAGES.awaitingApproval)).toBeTruthy();
    expect(screen.getByText('The bridge opens at noon.')).toBeTruthy();
  });

  it('reads as the moderator’s sentence, unmarked, for everyone the server hides it from', () => {
    show(comment({ status: 'hidden', content: MODERATION_MESSAGES.hiddenText }));
    expect(screen.getByText(MODERATION_MESSAGES.hiddenText)).toBeTruthy();
    expect(screen.queryByText('Hidden by a moderator')).toBeNull();
  });

  it('shows its words marked "Hidden by a moderator" to those the server still sends them to', () => {
    show(comment({ status: 'hidden' }));
    expect(screen.getByText('Hidden by a moderator')).toBeTruthy();
    expect(screen.getByText('The bridge opens at noon.')).toBeTruthy();
  });

  it('carries no mark when published', () => {
    show(comment({}));
    expect(screen.queryByText(MODERATION_MESSAGES.awaitingApproval)).toBeNull();
    expect(screen.queryByText('Hidden by a moderator')).toBeNull();
  });
});

describe('a comment brought over by an import', () => {
  it('shows the name it had on the old site, marked "Imported", with no profile link', () => {
    show(comment({ user: null, author: { name: 'Margaret Hale', kind: 'imported' } }));
    expect(screen.getByText('Margaret Hale')).toBeTruthy();
    expect(screen.getByText('Imported')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Margaret Hale' })).toBeNull();
  });

  it('reads as Anonymous and unmarked once deleted', () => {
    show(comment({ user: null, deleted: true, author: { name: 'Margaret Hale', kind: 'imported' } }));
    expect(screen.getByText('Anonymous')).toBeTruthy();
    expect(screen.queryByText('Imported')).toBeNull();
    expect(screen.queryByText('Margaret Hale')).toBeNull();
  });
});

describe('a reply from the fediverse', () => {
  const remote = { name: 'Alice Peer', kind: 'fediverse' as const, handle: '@alice@social.example', url: 'https://social.example/@alice' };

  it('shows its author\'s display name linking to their profile there (nofollow ugc), and their handle', () => {
    show(comment({ user: null, author: remote }));
    const link = screen.getByRole('link', { name: 'Alice Peer' });
    expect(link.getAttribute('href')).toBe('https://social.example/@alice');
    expect(link.getAttribute('rel')).toContain('nofollow ugc');
    expect(screen.getByText('@alice@social.example')).toBeTruthy();
    expect(screen.queryByText('Imported')).toBeNull();
  });

  it('links no profile whose address is not a web address', () => {
    show(comment({ user: null, author: { ...remote, url: 'javascript:alert(1)' } }));
    expect(screen.queryByRole('link', { name: 'Alice Peer' })).toBeNull();
    expect(screen.getByText('Alice Peer')).toBeTruthy();
  });

  it('reads as Anonymous without a handle once deleted', () => {
    show(comment({ user: null, deleted: true, author: remote }));
    expect(screen.getByText('Anonymous')).toBeTruthy();
    expect(screen.queryByText('@alice@social.example')).toBeNull();
  });
});
