// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_LIMITS, STAFF_MESSAGES } from '@contract/staff-rules';
import { RequestChanges } from './review-queue';

let reviews: unknown[];
let answer: () => Response;
beforeEach(() => {
  reviews = [];
  answer = () => new Response(JSON.stringify({ id: 7, status: 'draft' }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/articles/7/review') {
      reviews.push(JSON.parse(String(init?.body)));
      return answer();
    }
    return new Response('{"error":"Not found"}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RequestChanges item={{ id: 7, title: 'Harbour wall repaired' }} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Request changes' }));
  return screen.getByLabelText('What needs to change') as HTMLTextAreaElement;
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send back to the writer' }));

describe('sending an article back with a note', () => {
  it('puts the focus in the note as the dialog opens', async () => {
    const note = await open();
    expect(document.activeElement).toBe(note);
  });

  it('asks for a note, under the field, before sending a blank one', async () => {
    const note = await open();
    await userEvent.type(note, '   ');
    await send();
    const message = await screen.findByText(STAFF_MESSAGES.noteRequired);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(note);
    expect(reviews).toEqual([]);
    await userEvent.type(note, 'Name the source');
    await waitFor(() => expect(screen.queryByText(STAFF_MESSAGES.noteRequired)).toBeNull());
  });

  it('refuses a note longer than the API takes', async () => {
    const note = await open();
    // Past the field's maxLength, as a script or an extension may fill it.
    fireEvent.change(note, { target: { value: 'x'.repeat(STAFF_LIMITS.reviewNoteMax + 1) } });
    await send();
    expect(await screen.findByText(`note must be at most ${STAFF_LIMITS.reviewNoteMax} characters`)).toBeTruthy();
    expect(reviews).toEqual([]);
  });

  it('sends the note without the spaces around it and closes', async () => {
    const note = await open();
    await userEvent.type(note, '  Name the source of the figures.  ');
    await send();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reviews).toEqual([{ decision: 'request_changes', note: 'Name the source of the figures.' }]);
  });

  it('shows the server’s refusal under the note and stays open', async () => {
    answer = () => new Response(JSON.stringify({ error: 'This article is not in review' }), { status: 409 });
    const note = await open();
    await userEvent.type(note, 'Name the source');
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('This article is not in review');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(note.value).toBe('Name the source');
  });
});
