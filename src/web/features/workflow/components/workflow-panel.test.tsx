// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import type { PagePreferences } from '@contract/pages';
import { PagePreferencesProvider } from '@/lib/page-preferences';
import { WorkflowPanel, type WorkflowPanelProps } from './workflow-panel';

const preferences: PagePreferences = {
  theme: 'light',
  showImages: true,
  timeZone: 'Europe/Paris',
  renderedAt: Date.parse('2026-11-29T17:00:00Z'),
  selectedChannelId: null,
};

function panel(props: Partial<WorkflowPanelProps> = {}) {
  const handlers = { onSubmitForReview: vi.fn(), onSchedule: vi.fn(), onUnschedule: vi.fn() };
  const all: WorkflowPanelProps = {
    role: 'writer',
    status: 'draft',
    publishAt: null,
    reviewNote: null,
    isAuthor: true,
    busy: false,
    scheduleError: null,
    ...handlers,
    ...props,
  };
  const element = (
    <PagePreferencesProvider value={preferences}>
      <WorkflowPanel {...all} />
    </PagePreferencesProvider>
  );
  return { element, ...handlers };
}

function show(props: Partial<WorkflowPanelProps> = {}) {
  const built = panel(props);
  render(built.element);
  return built;
}

const button = (name: string) => screen.queryByRole('button', { name });

afterEach(cleanup);

describe('the editor’s status panel', () => {
  it('gives a writer Submit for review and no scheduling', async () => {
    const { onSubmitForReview } = show({ role: 'writer', status: 'draft' });
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(button('Schedule')).toBeNull();
    expect(screen.queryByLabelText('Publish at')).toBeNull();
    await userEvent.click(button('Submit for review')!);
    expect(onSubmitForReview).toHaveBeenCalledOnce();
  });

  it('tells a writer their article is in review, without a second Submit', () => {
    show({ role: 'writer', status: 'in_review' });
    expect(screen.getByText('In review')).toBeTruthy();
    expect(screen.getByText(/Submitted for review/)).toBeTruthy();
    expect(button('Submit for review')).toBeNull();
  });

  it('shows the author the editor’s note on a draft sent back', () => {
    show({ role: 'writer', status: 'draft', reviewNote: 'Name the source of the figures.' });
    expect(screen.getByRole('note').textContent).toBe('Changes requested: Name the source of the figures.');
  });

  it('keeps the note from an editor who did not write it', () => {
    show({ role: 'editor', status: 'draft', isAuthor: false, reviewNote: 'Name the source of the figures.' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('gives an editor a labelled time field in their zone and sends Schedule the UTC instant', async () => {
    const { onSchedule } = show({ role: 'editor', status: 'in_review', isAuthor: false });
    expect(button('Submit for review')).toBeNull();
    expect(button('Unschedule')).toBeNull();
    const field = screen.getByLabelText('Publish at') as HTMLInputElement;
    expect(field.type).toBe('datetime-local');
    expect(screen.getByText(/Your time zone: Europe\/Paris/)).toBeTruthy();
    await userEvent.type(field, '2026-12-01T09:30');
    await userEvent.click(button('Schedule')!);
    expect(onSchedule).toHaveBeenCalledWith('2026-12-01T08:30:00.000Z');
  });

  it('asks for a time before scheduling without one', async () => {
    const { onSchedule } = show({ role: 'owner', status: 'draft' });
    await userEvent.click(button('Schedule')!);
    expect(onSchedule).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose a date and time');
    expect(screen.getByLabelText('Publish at').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a time that is not one, under the field, until the field is changed', async () => {
    const { onSchedule } = show({ role: 'owner', status: 'draft' });
    const field = screen.getByLabelText('Publish at');
    // What a browser without a date picker lets one type into the field.
    fireEvent.change(field, { target: { value: 'next tuesday' } });
    await userEvent.click(button('Schedule')!);
    expect(onSchedule).not.toHaveBeenCalled();
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Choose a date and time');
    expect((field.getAttribute('aria-describedby') ?? '').split(' ')).toContain(message.id);
    expect(document.activeElement).toBe(button('Schedule'));
    fireEvent.change(field, { target: { value: '2026-12-01T09:30' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('schedules with Enter in the field, without sending the form around it', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { element, onSchedule } = panel({ role: 'owner', status: 'draft' });
    render(<form onSubmit={onSubmit}>{element}</form>);
    await userEvent.type(screen.getByLabelText('Publish at'), '2026-12-01T09:30{Enter}');
    expect(onSchedule).toHaveBeenCalledWith('2026-12-01T08:30:00.000Z');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the API’s refusal of the time beside the field', () => {
    show({ role: 'owner', status: 'draft', scheduleError: 'publishAt must be in the future' });
    const field = screen.getByLabelText('Publish at');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('publishAt must be in the future');
  });

  it('shows a scheduled article’s time in the reader’s zone, with Reschedule and Unschedule', async () => {
    const { onUnschedule, onSchedule } = show({ role: 'owner', status: 'scheduled', publishAt: '2026-12-01T08:30:00.000Z' });
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect((screen.getByLabelText('Publish at') as HTMLInputElement).value).toBe('2026-12-01T09:30');
    expect(screen.getByText(/Goes out/).textContent).toBe('Goes out Tue, Dec 1, 26 at 9:30 AM');
    expect(button('Schedule')).toBeNull();
    await userEvent.click(button('Reschedule')!);
    expect(onSchedule).toHaveBeenCalledWith('2026-12-01T08:30:00.000Z');
    await userEvent.click(button('Unschedule')!);
    expect(onUnschedule).toHaveBeenCalledOnce();
  });

  it('follows the page’s zone until typed into, then keeps what was typed', async () => {
    const props: WorkflowPanelProps = {
      role: 'owner',
      status: 'scheduled',
      publishAt: '2026-12-01T08:30:00.000Z',
      reviewNote: null,
      isAuthor: false,
      busy: false,
      scheduleError: null,
      onSubmitForReview: vi.fn(),
      onSchedule: vi.fn(),
      onUnschedule: vi.fn(),
    };
    const inZone = (timeZone: string) => (
      <PagePreferencesProvider value={{ ...preferences, timeZone }}>
        <WorkflowPanel {...props} />
      </PagePreferencesProvider>
    );
    const { rerender } = render(inZone('Europe/Paris'));
    const field = () => screen.getByLabelText('Publish at') as HTMLInputElement;
    expect(field().value).toBe('2026-12-01T09:30');
    // Hydration gives the browser's zone.
    rerender(inZone('America/New_York'));
    expect(field().value).toBe('2026-12-01T03:30');
    fireEvent.change(field(), { target: { value: '2026-12-02T10:00' } });
    rerender(inZone('Europe/Paris'));
    expect(field().value).toBe('2026-12-02T10:00');
  });

  it('offers nothing to schedule once published', () => {
    show({ role: 'editor', status: 'published' });
    expect(screen.queryByLabelText('Publish at')).toBeNull();
    expect(button('Submit for review')).toBeNull();
  });

  it('renders the same time on the server as in the browser', () => {
    const { element } = panel({ role: 'owner', status: 'scheduled', publishAt: '2026-12-01T08:30:00.000Z' });
    const html = renderToString(element);
    expect(html).toContain('value="2026-12-01T09:30"');
    expect(html).toContain('min="2026-11-29T18:00"');
  });
});
