// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ArticleCorrections } from './article-corrections';
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
        diff={{ from: 1, to: 2, title: { before: 'Vote on Monday', after: 'Vote on Tuesday' }, html: '<p>The vote is on <del>Monday</del><ins>Tuesday</ins>.</p>' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Changes in revision 2' })).toBeTruthy();
    const body = screen.getByTestId('revision-diff');
    expect(body.querySelector('del')?.textContent).toBe('Monday');
    expect(body.querySelector('ins')?.textContent).toBe('Tuesday');
    expect(screen.getByTestId('revision-title-change').textContent).toBe('Title: Vote on Monday Vote on Tuesday');
    cleanup();
    inRouter(<RevisionChanges number={1} diff={null} />);
    expect(screen.getByText('This is the first version in the record: there is nothing earlier to compare it with.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View this version' }).getAttribute('href')).toBe('/articles/vote-4/history?version=1');
  });
});
