// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryNode } from '@contract/taxonomy';
import { LIMITS } from '@contract/limits';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ArticleFormValues } from '@/lib/article-form';
import { storeUnsentArticle } from '@/features/drafts/lib/unsent-article';
import type { LocationFieldComponent } from '@/features/articles/components/article-form-seams';
import { ArticleEditor, type ArticleEditorProps } from './article-editor';

/** GET /api/categories: the category tree (contract/taxonomy CategoryNode[]). */
const categoryTree: CategoryNode[] = [
  { id: 1, name: 'News', children: [{ id: 2, name: 'Local', children: [] }] },
  { id: 3, name: 'Sport', children: [] },
];
const channels = [
  { id: 4, name: 'Coast Desk' },
  { id: 9, name: 'City Desk' },
];

/**
 * The location picker is the form's `locationField` prop (the geo feature's map picker is passed in
 * by pages), so the tests pass a plain labelled text box in its place: the form itself is real.
 */
const PlainLocationField: LocationFieldComponent = ({ value, onChange, labelId }) => (
  <input
    aria-labelledby={labelId}
    value={value?.name ?? ''}
    onChange={(e) => onChange(e.target.value ? { name: e.target.value, lat: null, lng: null } : null)}
  />
);

const empty: ArticleFormValues = { title: '', subtitle: null, content: '', channelId: null, categories: [], location: null, draft: false };
const UNSENT_KEY = 'broadsheet-unsent-article:1:new';

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url === '/api/categories') return new Response(JSON.stringify(categoryTree), { status: 200 });
    return new Response('{"error":"Not found"}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function show({ onSubmit: save, ...props }: Partial<ArticleEditorProps> = {}) {
  const onSubmit = vi.fn<ArticleEditorProps['onSubmit']>(save ?? (async () => {}));
  const onInvalid = vi.fn<NonNullable<ArticleEditorProps['onInvalid']>>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  // The form asks before leaving with React Router's useBlocker: it lives in a data router, whatever the address.
  const form = wrap(
    <ArticleEditor
      mode="create"
      initialValues={empty}
      channels={channels}
      locationField={PlainLocationField}
      onInvalid={onInvalid}
      submitLabel={(v) => (v.draft ? 'Save Draft' : 'Publish Article')}
      {...props}
      onSubmit={onSubmit}
    />,
  );
  const router = createMemoryRouter([{ path: '*', element: form }], { initialEntries: ['/articles/new'] });
  render(<RouterProvider router={router} />);
  return { onSubmit, onInvalid, router, user: userEvent.setup() };
}

const titleBox = () => screen.getByRole('textbox', { name: 'Title' });
/** The rich text editor (TipTap, loaded lazily) once it has loaded. */
// The editor's code loads on demand; on a busy machine that import alone can pass Testing Library's
// default wait of one second, so the wait is generous (it ends as soon as the editor is there).
const editor = () => screen.findByRole('textbox', { name: 'Content' }, { timeout: 15_000 });

describe('the article form', () => {
  it('refuses an empty article with the messages of the create-article schema, and does not save it', async () => {
    const { onSubmit, onInvalid, user } = show();
    await editor();

    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(screen.getByText('Please select a channel')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(
      { title: 'Title is required', content: 'Content is required', channelId: 'Please select a channel' },
      empty,
    );
    // The first field in error is marked, points at its message and gets the focus.
    expect(titleBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(titleBox().getAttribute('aria-describedby') ?? '')?.textContent).toBe('Title is required');
    expect(document.activeElement).toBe(titleBox());
    expect((await editor()).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Channel' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('counts a title of spaces as no title', async () => {
    const { onSubmit, user } = show({ initialValues: { ...empty, content: '<p>The last boat left at midnight.</p>', channelId: 4 } });
    await editor();
    await user.type(titleBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.queryByText('Content is required')).toBeNull();
    expect(screen.queryByText('Please select a channel')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts content of empty paragraphs as no content', async () => {
    const { onSubmit, user } = show({ initialValues: { ...empty, title: 'Late ferry', content: '<p></p><p> </p>', channelId: 4 } });
    await editor();
    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it(`never cuts a long title: from 180 characters a counter shows n/${LIMITS.titleMax}, and past it the writer is told why Save refuses`, async () => {
    const { onSubmit, user } = show({ initialValues: { ...empty, content: '<p>Body</p>', channelId: 4 } });
    await editor();
    await user.click(titleBox());
    await user.paste('x'.repeat(179));
    expect(screen.queryByTestId('title-counter')).toBeNull();
    await user.type(titleBox(), 'x');
    expect(screen.getByTestId('title-counter').textContent).toBe(`180/${LIMITS.titleMax}`);
    // Pasted, as nobody types 250 characters: all of it stays.
    await user.paste('y'.repeat(70));
    expect((titleBox() as HTMLInputElement).value).toHaveLength(250);
    expect(screen.getByTestId('title-counter').textContent).toBe(`250/${LIMITS.titleMax} · 50 too many: a title can be at most ${LIMITS.titleMax} characters`);
    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(`Title must be at most ${LIMITS.titleMax} characters`)).toBeTruthy();
  });

  it('takes a field’s message away once that field is changed', async () => {
    const { user } = show();
    await editor();
    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    await user.type(titleBox(), 'Late ferry');
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(titleBox().getAttribute('aria-invalid')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'City Desk');
    expect(screen.queryByText('Please select a channel')).toBeNull();
    // The content was not touched: its message stays.
    expect(screen.getByText('Content is required')).toBeTruthy();
  });

  it('saves a complete article with what the writer chose, showing "Saving..." until it is done', async () => {
    let finish!: () => void;
    const { onSubmit, onInvalid, user } = show({
      initialValues: { ...empty, content: '<p>The last boat left at midnight.</p>' },
      onSubmit: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    await editor();
    // Every channel of the writer is offered, after the prompt.
    expect(within(screen.getByRole('combobox', { name: 'Channel' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a channel',
      'Coast Desk',
      'City Desk',
    ]);

    await user.type(titleBox(), '  Late ferry  ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'Coast Desk');
    await user.type(screen.getByRole('combobox', { name: 'Categories' }), 'Local');
    await user.click(await screen.findByRole('option', { name: 'News > Local' }));
    expect(screen.getByRole('button', { name: 'Remove category News > Local' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Brighton');

    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    const saving = screen.getByRole('button', { name: 'Saving...' });
    expect(saving).toHaveProperty('disabled', true);
    // The values go out as the writer left them: the page trims the title when it builds the request.
    expect(onSubmit).toHaveBeenCalledWith({
      title: '  Late ferry  ',
      content: '<p>The last boat left at midnight.</p>',
      channelId: 4,
      categories: [{ id: 2, name: 'News > Local' }],
      location: { name: 'Brighton', lat: null, lng: null },
      subtitle: null,
      draft: false,
    });
    expect(onInvalid).not.toHaveBeenCalled();
    expect(asked).toEqual(['/api/categories']);
    // A second click while saving does nothing.
    await user.click(saving);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Publish Article' })).toHaveProperty('disabled', false);
    // Once done, it can save again.
    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('saves a draft when "Save as draft" is on, and names the button after the choice', async () => {
    const { onSubmit, user } = show({ initialValues: { ...empty, title: 'Late ferry', content: '<p>Body</p>', channelId: 9 } });
    await editor();
    const draft = screen.getByRole('switch', { name: 'Save as draft' });
    expect(draft.getAttribute('aria-checked')).toBe('false');

    await user.click(draft);
    expect(draft.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Publish Article' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ draft: true, channelId: 9 }));

    await user.click(draft);
    expect(screen.getByRole('button', { name: 'Publish Article' })).toBeTruthy();
  });

  it('keeps an edited article in its channel, and asks for no channel when editing', async () => {
    const { onSubmit, user } = show({
      mode: 'edit',
      initialValues: { ...empty, title: 'Late ferry', content: '<p>Body</p>', channelId: null },
      submitLabel: 'Save Changes',
    });
    await editor();
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveProperty('disabled', true);
    expect(screen.getByText('An article stays in the channel it was written in.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.queryByText('Please select a channel')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('has no channel and no draft switch inline', async () => {
    show({ mode: 'inline', initialValues: { ...empty, title: 'Late ferry', content: '<p>Body</p>', channelId: 4 }, submitLabel: 'Save' });
    await editor();
    expect(screen.queryByRole('combobox', { name: 'Channel' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Save as draft' })).toBeNull();
  });

  it('lets an edit of a published article say it corrects the article, with a kind and a note', async () => {
    const { onSubmit, user } = show({
      mode: 'inline',
      initialValues: { ...empty, title: 'Late ferry', content: '<p>Body</p>', channelId: 4 },
      submitLabel: 'Save',
      offerCorrection: true,
    });
    await editor();
    expect(screen.queryByRole('textbox', { name: 'What readers should know' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'This edit corrects the article' }));
    expect(screen.getByRole('radio', { name: 'Correction' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Correction text is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Clarification' }));
    await user.type(screen.getByRole('textbox', { name: 'What readers should know' }), 'The ferry left at nine, not ten.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].correction).toEqual({ corrects: true, kind: 'clarification', text: 'The ferry left at nine, not ten.' });
  });

  it('offers no correction unless asked to', async () => {
    show({ mode: 'inline', initialValues: { ...empty, title: 'Late ferry', content: '<p>Body</p>', channelId: 4 }, submitLabel: 'Save' });
    await editor();
    expect(screen.queryByRole('switch', { name: 'This edit corrects the article' })).toBeNull();
  });

  it('says "Uploading Images..." and keeps Save off while images upload', async () => {
    const { onSubmit, user } = show({
      initialValues: { ...empty, title: 'Late ferry', content: '<p>Body</p>', channelId: 4 },
      images: { element: <p>Two images chosen</p>, isUploading: true, commit: async () => {} },
    });
    await editor();
    expect(screen.getByText('Two images chosen')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Uploading Images...' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  describe('with unsaved work kept in this browser', () => {
    it('keeps what is typed, asks before the tab closes, and forgets it all on Cancel', async () => {
      const onCancel = vi.fn();
      const { user } = show({ unsentKey: UNSENT_KEY, onCancel });
      await editor();
      const closing = () => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(closing()).toBe(false);

      await user.type(titleBox(), 'Late ferry');
      expect(JSON.parse(window.localStorage.getItem(UNSENT_KEY) ?? 'null')).toMatchObject({ values: { title: 'Late ferry' } });
      expect(closing()).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(titleBox()).toHaveProperty('value', '');
      expect(window.localStorage.getItem(UNSENT_KEY)).toBeNull();
      expect(closing()).toBe(false);
    });

    it('asks before leaving for another page, and stays on Stay', async () => {
      const { user, router } = show({ unsentKey: UNSENT_KEY });
      await editor();
      const startedAt = router.state.location.pathname;
      await user.type(titleBox(), 'Late ferry');

      void router.navigate('/somewhere-else');
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(router.state.location.pathname).toBe(startedAt);
      expect(titleBox()).toHaveProperty('value', 'Late ferry');
    });

    it('does not ask when nothing was changed', async () => {
      const { router } = show({ unsentKey: UNSENT_KEY });
      await editor();
      await act(async () => router.navigate('/nothing-to-keep'));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(router.state.location.pathname).toBe('/nothing-to-keep');
    });

    it('offers back a kept copy; Restore puts it in the form', async () => {
      storeUnsentArticle(UNSENT_KEY, { ...empty, title: 'Kept title', content: '<p>Kept body</p>', channelId: 9 }, Date.parse('2026-03-03T10:00:00Z'));
      const { onSubmit, user } = show({ unsentKey: UNSENT_KEY, initialValues: { ...empty, channelId: 4 } });
      const notice = await screen.findByText(/You have unsaved work on this article from/);
      expect(notice.textContent).toContain('kept in this browser');
      expect(titleBox()).toHaveProperty('value', '');

      await user.click(screen.getByRole('button', { name: 'Restore' }));
      expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
      expect(titleBox()).toHaveProperty('value', 'Kept title');
      await waitFor(async () => expect((await editor()).textContent).toBe('Kept body'));
      await user.click(screen.getByRole('button', { name: 'Publish Article' }));
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Kept title', content: '<p>Kept body</p>', channelId: 9 }));
    });

    it('forgets a kept copy on Discard', async () => {
      storeUnsentArticle(UNSENT_KEY, { ...empty, title: 'Kept title', content: '<p>Kept body</p>' });
      const { user } = show({ unsentKey: UNSENT_KEY });
      await user.click(await screen.findByRole('button', { name: 'Discard' }));
      expect(screen.queryByText(/You have unsaved work/)).toBeNull();
      expect(window.localStorage.getItem(UNSENT_KEY)).toBeNull();
      expect(titleBox()).toHaveProperty('value', '');
    });

    it('offers nothing when the kept copy is what the page starts with', async () => {
      storeUnsentArticle(UNSENT_KEY, { ...empty, title: 'Same', content: '<p>Same</p>' });
      show({ unsentKey: UNSENT_KEY, initialValues: { ...empty, title: 'Same', content: '<p>Same</p>' } });
      await editor();
      expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    });
  });
});
