// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import RichTextEditor, { isEmptyEditorHtml, type RichTextEditorProps } from './rich-text-editor';

/** The link finder keeps the console.warn it found when loaded, so this stands in before any import. */
const linkifyWarnings = vi.hoisted(() => {
  const seen: string[] = [];
  const original = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).startsWith('linkifyjs')) seen.push(String(args[0]));
    else original(...args);
  };
  return seen;
});

afterEach(() => {
  cleanup();
});

/** Every button of the toolbar, in order; all but Undo and Redo show whether they are on. */
const FORMATTING = ['Heading 2', 'Heading 3', 'Bold', 'Italic', 'Bullet list', 'Numbered list', 'Quote', 'Inline code', 'Code block', 'Link'];
const ALL_BUTTONS = [...FORMATTING, 'Undo', 'Redo'];

/**
 * Shows the editor under a visible label and waits for TipTap to create it (it renders nothing
 * on the first render, `immediatelyRender: false`). Typing into a contenteditable is not
 * something happy-dom does like a browser, so the tests place the selection with TipTap's own
 * commands (the editor instance ProseMirror hangs on its DOM node) and press the toolbar like a user.
 */
async function show(props: Partial<RichTextEditorProps> = {}) {
  const onChange = vi.fn<RichTextEditorProps['onChange']>();
  render(
    <>
      <span id="body-label">Body</span>
      <RichTextEditor initialHtml="<p>Late ferry</p>" labelId="body-label" minHeight={300} {...props} onChange={onChange} />
    </>,
  );
  const box = await screen.findByRole('textbox', { name: 'Body' });
  const editor = (box as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('the TipTap editor is not on its DOM node');
  /** Selects document positions from..to (1 is the start of the first paragraph's text). */
  const select = (from: number, to = from) => act(() => void editor.commands.setTextSelection({ from, to }));
  return { onChange, editor, box, select, user: userEvent.setup() };
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Formatting' });
const button = (name: string) => within(toolbar()).getByRole('button', { name });
const pressed = (name: string) => button(name).getAttribute('aria-pressed');
/** The HTML the editor last reported through onChange. */
const lastHtml = (onChange: { mock: { calls: string[][] } }) => onChange.mock.calls.at(-1)?.[0];

describe('the rich text editor toolbar', () => {
  it('names every button, shows the formatting ones as toggles that are off, and disables Undo and Redo until there is something to undo', async () => {
    const { onChange } = await show();

    const names = within(toolbar()).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(ALL_BUTTONS);
    for (const name of FORMATTING) expect(pressed(name), name).toBe('false');
    // Undo and Redo are actions, not toggles.
    expect(button('Undo').hasAttribute('aria-pressed')).toBe(false);
    expect(button('Undo')).toHaveProperty('disabled', true);
    expect(button('Redo')).toHaveProperty('disabled', true);
    // The icons are hidden from assistive technology; the name comes from the label alone.
    for (const name of ALL_BUTTONS) expect(button(name).textContent).toBe('');
    // Showing the starting text is not a change.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is one tab stop, moved through with the arrow keys, Home and End, skipping the disabled buttons', async () => {
    const { user } = await show();
    const tabStops = () => within(toolbar()).getAllByRole('button').filter((b) => b.tabIndex === 0).map((b) => b.getAttribute('aria-label'));
    expect(tabStops()).toEqual(['Heading 2']);

    await user.tab();
    expect(document.activeElement).toBe(button('Heading 2'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(button('Heading 3'));
    await user.keyboard('{End}');
    // Undo and Redo are disabled, so Link is the last button that can take the focus.
    expect(document.activeElement).toBe(button('Link'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(button('Heading 2'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(button('Link'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(button('Heading 2'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(button('Bold'));

    // The tab stop is the button used last.
    expect(tabStops()).toEqual(['Bold']);
  });

  it.each([
    { name: 'Bold', on: '<p><strong>Late</strong> ferry</p>' },
    { name: 'Italic', on: '<p><em>Late</em> ferry</p>' },
    { name: 'Inline code', on: '<p><code>Late</code> ferry</p>' },
  ])('$name marks the selected text, shows itself pressed there, and takes the mark off when pressed again', async ({ name, on }) => {
    const { onChange, select, user } = await show();
    select(1, 5);

    await user.click(button(name));
    expect(lastHtml(onChange)).toBe(on);
    expect(pressed(name)).toBe('true');
    // Only that button is on.
    expect(FORMATTING.filter((n) => pressed(n) === 'true')).toEqual([name]);

    // Elsewhere in the text the mark is not on.
    select(8);
    expect(pressed(name)).toBe('false');

    select(1, 5);
    expect(pressed(name)).toBe('true');
    await user.click(button(name));
    expect(lastHtml(onChange)).toBe('<p>Late ferry</p>');
    expect(pressed(name)).toBe('false');
  });

  // StarterKit keeps a paragraph at the end of the document (TrailingNode), so these start from two
  // paragraphs and change the first: only the block at the cursor changes.
  it.each([
    { name: 'Heading 2', on: '<h2>Late ferry</h2><p>Tides</p>' },
    { name: 'Heading 3', on: '<h3>Late ferry</h3><p>Tides</p>' },
    { name: 'Bullet list', on: '<ul><li><p>Late ferry</p></li></ul><p>Tides</p>' },
    { name: 'Numbered list', on: '<ol><li><p>Late ferry</p></li></ol><p>Tides</p>' },
    { name: 'Quote', on: '<blockquote><p>Late ferry</p></blockquote><p>Tides</p>' },
    { name: 'Code block', on: '<pre><code>Late ferry</code></pre><p>Tides</p>' },
  ])('$name turns the paragraph at the cursor into that block, shows itself pressed, and turns it back when pressed again', async ({ name, on }) => {
    const { onChange, select, user } = await show({ initialHtml: '<p>Late ferry</p><p>Tides</p>' });
    select(3);

    await user.click(button(name));
    expect(lastHtml(onChange)).toBe(on);
    expect(pressed(name)).toBe('true');
    expect(FORMATTING.filter((n) => pressed(n) === 'true')).toEqual([name]);

    await user.click(button(name));
    expect(lastHtml(onChange)).toBe('<p>Late ferry</p><p>Tides</p>');
    expect(pressed(name)).toBe('false');
  });

  it('switches a heading from level 2 to level 3, and a list from bullets to numbers', async () => {
    const { onChange, select, user } = await show({ initialHtml: '<p>Late ferry</p><p>Tides</p><p>Weather</p>' });
    select(3);
    await user.click(button('Heading 2'));
    await user.click(button('Heading 3'));
    expect(lastHtml(onChange)).toBe('<h3>Late ferry</h3><p>Tides</p><p>Weather</p>');
    expect(pressed('Heading 2')).toBe('false');
    expect(pressed('Heading 3')).toBe('true');

    // "Tides" starts after the heading: <h3> (0) Late ferry (1..11) </h3> (11) <p> (12) Tides (13..18).
    select(15);
    expect(pressed('Heading 3')).toBe('false');
    await user.click(button('Bullet list'));
    await user.click(button('Numbered list'));
    expect(lastHtml(onChange)).toBe('<h3>Late ferry</h3><ol><li><p>Tides</p></li></ol><p>Weather</p>');
    expect(pressed('Bullet list')).toBe('false');
    expect(pressed('Numbered list')).toBe('true');
  });

  it('undoes and redoes a change, enabling Undo and Redo only when there is something to undo or redo', async () => {
    const { onChange, select, user } = await show();
    select(1, 5);
    await user.click(button('Bold'));
    expect(lastHtml(onChange)).toBe('<p><strong>Late</strong> ferry</p>');
    expect(button('Undo')).toHaveProperty('disabled', false);
    expect(button('Redo')).toHaveProperty('disabled', true);

    await user.click(button('Undo'));
    expect(lastHtml(onChange)).toBe('<p>Late ferry</p>');
    expect(pressed('Bold')).toBe('false');
    expect(button('Undo')).toHaveProperty('disabled', true);
    expect(button('Redo')).toHaveProperty('disabled', false);

    await user.click(button('Redo'));
    expect(lastHtml(onChange)).toBe('<p><strong>Late</strong> ferry</p>');
    expect(pressed('Bold')).toBe('true');
    expect(button('Undo')).toHaveProperty('disabled', false);
    expect(button('Redo')).toHaveProperty('disabled', true);
  });

  it('links the selected text to the address typed, adding https:// when it has no scheme, and removes the link', async () => {
    const { onChange, select, user } = await show();
    const links = () => {
      const doc = new DOMParser().parseFromString(lastHtml(onChange) ?? '', 'text/html');
      return [...doc.querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') }));
    };
    select(6, 11);

    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    await user.click(button('Link'));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);
    expect(address).toHaveProperty('value', '');
    // Nothing is linked to an address without a link.
    expect(screen.queryByRole('button', { name: 'Remove link' })).toBeNull();

    await user.type(address, 'example.com/ferry{Enter}');
    expect(links()).toEqual([{ text: 'ferry', href: 'https://example.com/ferry' }]);
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(pressed('Link')).toBe('true');

    // In the link, the button opens the address box on its address, with a way to remove it.
    await user.click(button('Link'));
    expect(screen.getByRole('textbox', { name: 'Link address' })).toHaveProperty('value', 'https://example.com/ferry');
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(lastHtml(onChange)).toBe('<p>Late ferry</p>');
    expect(pressed('Link')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
  });

  it('keeps an address that has its own scheme, and Escape closes the address box without linking', async () => {
    const { onChange, select, user } = await show();
    select(1, 5);

    await user.click(button('Link'));
    await user.type(screen.getByRole('textbox', { name: 'Link address' }), 'mailto:desk@example.com{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    await user.click(button('Link'));
    await user.type(screen.getByRole('textbox', { name: 'Link address' }), 'mailto:desk@example.com');
    await user.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(lastHtml(onChange)).toMatch(/^<p><a [^>]*href="mailto:desk@example\.com"[^>]*>Late<\/a> ferry<\/p>$/);
  });
});

describe('the rich text editor', () => {
  it('is a multi-line text box named by its label, marked invalid and described when the form says so, and takes the focus when asked', async () => {
    let focus: (() => void) | undefined;
    const registerFocus = vi.fn((f: () => void) => {
      focus = f;
    });
    const { box } = await show({ invalid: true, describedBy: 'body-error', registerFocus });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('body-error');
    expect(box.getAttribute('style')).toContain('min-height: 300px');

    expect(focus).toBeTypeOf('function');
    expect(box.contains(document.activeElement)).toBe(false);
    act(() => focus!());
    // TipTap's focus command gives the focus on the next animation frame.
    await waitFor(() => expect(box.contains(document.activeElement)).toBe(true));
  });

  it('is neither invalid nor described by default', async () => {
    const { box } = await show();
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    expect(box.hasAttribute('aria-describedby')).toBe(false);
  });

  it('warns nothing in the console when a second editor opens after a first one found a link', async () => {
    linkifyWarnings.length = 0;
    const first = await show({ initialHtml: '<p>See</p>' });
      // Typing an address links it as the writer goes (the link finder is set up from then on).
      await act(async () => {
        first.editor.commands.setTextSelection(4);
        first.editor.commands.insertContent(' https://example.com ');
      });
      render(
        <>
          <span id="second-label">Second</span>
          <RichTextEditor initialHtml="<p>Another</p>" labelId="second-label" minHeight={300} onChange={() => {}} />
        </>,
      );
      await screen.findByRole('textbox', { name: 'Second' });
      // TipTap finishes creating an editor on the next turn of the event loop.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(linkifyWarnings).toEqual([]);
  });

  it('counts a document of empty paragraphs as empty', () => {
    expect(isEmptyEditorHtml('<p></p>')).toBe(true);
    expect(isEmptyEditorHtml('<p></p><p> </p>')).toBe(true);
    expect(isEmptyEditorHtml('')).toBe(true);
    expect(isEmptyEditorHtml('<p>Late ferry</p>')).toBe(false);
    expect(isEmptyEditorHtml('<h2></h2>')).toBe(false);
  });
});
