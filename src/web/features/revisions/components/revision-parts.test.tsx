// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ArticleCorrections } from './article-corrections';
import { RedactRevision } from './redact-revision';
import { RevisionChanges } from './revision-changes';

afterEach(cleanup);

function inRouter(children: ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/articles/vote-4/history'] })} />);
}

describe('the public record on the page', () => {
  it('lists the notes after the article with their kind and date, then the way to the history', () => {
    inRouter(
      <ArticleCorrections
        corrections={[
          { kind: 'correction', text: 'An earlier version gave the wrong date for the vote.', createdAt: '2026-11-29T10:00:00Z', revision: 2 },
          { kind: 'update', text: 'The council has since met.', createdAt: '2026-11-30T09:00:00Z', revision: 3 },
        ]}
        historyPath="/articles/vote-4/history"
      />,
    );
    const notes = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(notes).toEqual([
      'Correction, 29 November 2026: An earlier version gave the wrong date for the vote.',
      'Update, 30 November 2026: The council has since met.',
    ]);
    expect(screen.getByRole('link', { name: 'View history' }).getAttribute('href')).toBe('/articles/vote-4/history');
  });

  it('shows nothing for an article with no notes and no history to read', () => {
    inRouter(<ArticleCorrections corrections={[]} historyPath={null} />);
    expect(screen.queryByRole('region', { name: 'Corrections' })).toBeNull();
  });

  it('shows added and removed words as insertions and deletions, and says the first version has nothing before it', () => {
    inRouter(
      <RevisionChanges
        number={2}
        diff={{ from: 1, to: 2, title: { before: 'Vote on Monday', after: 'Vote on Tuesday' }, changes: [], html: '<p>The vote is on <del>Monday</del><ins>Tuesday</ins>.</p>' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Changes in revision 2' })).toBeTruthy();
    const body = screen.getByTestId('revision-diff');
    expect(body.querySelector('del')?.textContent).toBe('Monday');
    expect(body.querySelector('ins')?.textContent).toBe('Tuesday');
    expect(screen.getByTestId('revision-title-change').textContent).toBe('Title: Vote on Monday Vote on Tuesday');
    cleanup();
    inRouter(
      <RevisionChanges
        number={3}
        diff={{
          from: 2,
          to: 3,
          title: { before: 'Vote', after: 'Vote' },
          changes: [
            { field: 'categoryIds', label: 'Categories', before: 'Politics', after: 'Politics, Local' },
            { field: 'location', label: 'Location', before: 'Whitby', after: null },
          ],
          html: '<p>Same.</p>',
        }}
      />,
    );
    const fields = screen.getByTestId('revision-field-changes');
    expect(fields.textContent).toContain('CategoriesPolitics Politics, Local');
    expect(fields.textContent).toContain('LocationWhitby (none)');
    expect(screen.queryByTestId('revision-title-change')).toBeNull();
    cleanup();
    inRouter(<RevisionChanges number={1} diff={null} />);
    expect(screen.getByText('This is the first version in the record: there is nothing earlier to compare it with.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View this version' }).getAttribute('href')).toBe('/articles/vote-4/history?version=1');
  });
});

describe('removing a revision from the record', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks an administrator for a reason, then sends it', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const user = userEvent.setup();
    inRouter(
      <QueryClientProvider client={new QueryClient()}>
        <RedactRevision articleId={4} number={2} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove from the record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove revision 2 from the record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Named a private person');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent).toEqual([{ url: '/api/admin/articles/4/revisions/2/redact', body: { reason: 'Named a private person' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
