import { Extension } from '@tiptap/react';
import { NodeSelection, Selection, type EditorState } from '@tiptap/pm/state';

type Where = 'start' | 'end' | 'before' | 'after';

/** Where a key takes the caret from a selected image: always into text, so typing adds to it. */
function caretFrom(state: EditorState, where: Where): Selection | null {
  const { doc, selection } = state;
  const end = doc.resolve(doc.content.size);
  const start = doc.resolve(0);
  switch (where) {
    case 'start':
      return Selection.findFrom(start, 1, true);
    case 'end':
      return Selection.findFrom(end, -1, true);
    case 'before':
      return Selection.findFrom(selection.$from, -1, true) ?? Selection.findFrom(selection.$to, 1, true);
    case 'after':
      return Selection.findFrom(selection.$to, 1, true) ?? Selection.findFrom(selection.$from, -1, true);
  }
}

/**
 * A selected image (a node selection) is replaced by the next keystroke. The keys that move the
 * caret must therefore leave it, not keep it selected: the browser's own Ctrl+Home or Ctrl+End
 * does not reliably do so while the image holds the selection. Other selections keep the
 * browser's and ProseMirror's own handling.
 */
export const CaretLeavesImage = Extension.create({
  name: 'caretLeavesImage',

  addKeyboardShortcuts() {
    const move = (where: Where) => () =>
      this.editor.commands.command(({ state, tr, dispatch }) => {
        if (!(state.selection instanceof NodeSelection)) return false;
        const caret = caretFrom(state, where);
        if (!caret) return false;
        dispatch?.(tr.setSelection(caret).scrollIntoView());
        return true;
      });
    return {
      'Mod-Home': move('start'),
      'Mod-End': move('end'),
      // The same on a Mac.
      'Mod-ArrowUp': move('start'),
      'Mod-ArrowDown': move('end'),
      Home: move('before'),
      End: move('after'),
      PageUp: move('before'),
      PageDown: move('after'),
      ArrowLeft: move('before'),
      ArrowUp: move('before'),
      ArrowRight: move('after'),
      ArrowDown: move('after'),
    };
  },
});
