// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { IMAGE_ALT_MAX, MEDIA_MESSAGES } from '@contract/media-rules';
import RichTextEditor, { type RichTextEditorProps } from './rich-text-editor';

afterEach(cleanup);

/** An editor whose text holds one image, selected, as a click on it leaves it. */
async function withSelectedImage() {
  const onChange = vi.fn<RichTextEditorProps['onChange']>();
  render(
    <>
      <span id="body-label">Body</span>
      <RichTextEditor
        initialHtml='<p>Before</p><img src="/uploads/harbour.webp" alt="A wall"><p>After</p>'
        labelId="body-label"
        minHeight={300}
        onChange={onChange}
        uploadImage={async () => ({ ok: false, message: 'not in this test' })}
      />
    </>,
  );
  const box = await screen.findByRole('textbox', { name: 'Body' });
  const editor = (box as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('the TipTap editor is not on its DOM node');
  // The image node stands right after the first paragraph (positions 0 to 8).
  act(() => void editor.commands.setNodeSelection(8));
  const altButton = within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name: 'Alt text' });
  await waitFor(() => expect((altButton as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(altButton);
  const field = within(screen.getByRole('dialog')).getByLabelText('Alt text') as HTMLInputElement;
  return { editor, field, onChange };
}

describe('the alt-text dialog', () => {
  it('opens on the selected image’s alt text, with the focus in the field', async () => {
    const { field } = await withSelectedImage();
    expect(screen.getByRole('dialog', { name: 'Change the alt text' })).toBeTruthy();
    expect(field.value).toBe('A wall');
    expect(document.activeElement).toBe(field);
  });

  it('saves the alt text typed, without the spaces around it, with Enter', async () => {
    const { editor, field } = await withSelectedImage();
    await userEvent.clear(field);
    await userEvent.type(field, '  The repaired harbour wall at low tide {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.getHTML()).toContain('alt="The repaired harbour wall at low tide"');
  });

  it('refuses alt text longer than an image may have, under the field, and keeps the dialog open', async () => {
    const { editor, field } = await withSelectedImage();
    // Past the field's maxLength, as a script or an extension may fill it.
    fireEvent.change(field, { target: { value: 'x'.repeat(IMAGE_ALT_MAX + 1) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    const message = await screen.findByText(MEDIA_MESSAGES.altTooLong);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field.getAttribute('aria-describedby') ?? '').split(' ')).toContain(message.id);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(editor.getHTML()).toContain('alt="A wall"');
  });
});
