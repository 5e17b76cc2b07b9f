import { useId, useRef, useState, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Loader2Icon, TextCursorInputIcon } from 'lucide-react';
import '@/lib/zod-jitless';
import { IMAGE_ALT_MAX, ImageAltFormSchema, type ImageAltForm } from '@contract/media';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

/**
 * Checks and uploads a picked image for the text (the media feature's, handed in by the page):
 * the stored image, or the message that says why not.
 */
export type UploadTextImage = (file: File) => Promise<{ ok: true; url: string; width: number; height: number } | { ok: false; message: string }>;

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp';

type AltDialogState = { kind: 'insert'; src: string; alt: string } | { kind: 'edit'; src: string; alt: string } | null;

/**
 * The toolbar's image controls: 'Image' picks a file, checks and uploads it, then asks for its alt
 * text and places TipTap's image node at the cursor; 'Alt text' (with an image selected) changes
 * the alt text of that image through the same dialog.
 */
export function EditorImageTools({ editor, upload, tabIndexOf }: { editor: Editor | null; upload: UploadTextImage; tabIndexOf: (label: string) => number }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<AltDialogState>(null);
  const selected = useEditorState({
    editor,
    selector: ({ editor: e }) => (e?.isActive('image') ? { src: String(e.getAttributes('image').src ?? ''), alt: String(e.getAttributes('image').alt ?? '') } : null),
  });

  const pick = async (file: File | undefined) => {
    if (!file || !editor) return;
    setBusy(true);
    try {
      const stored = await upload(file);
      if (!stored.ok) {
        toast({ variant: 'destructive', title: 'Error', description: stored.message });
        return;
      }
      setDialog({ kind: 'insert', src: stored.url, alt: '' });
    } finally {
      setBusy(false);
    }
  };

  // The image is placed once the dialog has closed and given focus back to the text.
  const toInsert = useRef<{ src: string; alt: string } | null>(null);

  const apply = (alt: string) => {
    if (!editor || !dialog) return;
    const text = alt.trim();
    if (dialog.kind === 'insert') toInsert.current = { src: dialog.src, alt: text };
    else editor.chain().focus().updateAttributes('image', { alt: text }).run();
    setDialog(null);
  };

  const closed = () => {
    // The page may have gone (and the editor with it) while the dialog was open.
    if (!editor || editor.isDestroyed) return;
    const image = toInsert.current;
    toInsert.current = null;
    if (!image) return void editor.commands.focus();
    editor.chain().focus().setImage(image).run();
    // The new image is left selected: the cursor goes to the paragraph after it (made if there is
    // none), so what the writer types next goes after the image instead of replacing it.
    const { selection, doc } = editor.state;
    if (selection instanceof NodeSelection) {
      if (doc.nodeAt(selection.to)?.isTextblock) editor.commands.setTextSelection(selection.to + 1);
      else editor.commands.createParagraphNear();
    }
  };

  return (
    <>
      <ToolButton label="Image" tabIndex={tabIndexOf('Image')} disabled={!editor || busy} onClick={() => inputRef.current?.click()}>
        {busy ? <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <ImageIcon className="size-4" aria-hidden="true" />}
      </ToolButton>
      <ToolButton
        label="Alt text"
        tabIndex={tabIndexOf('Alt text')}
        disabled={!editor || !selected}
        onClick={() => selected && setDialog({ kind: 'edit', src: selected.src, alt: selected.alt })}
      >
        <TextCursorInputIcon className="size-4" aria-hidden="true" />
      </ToolButton>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="editor-image-input"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {busy && (
        <span role="status" className="sr-only">
          Uploading image…
        </span>
      )}
      <AltTextDialog state={dialog} onApply={apply} onCancel={() => setDialog(null)} onClosed={closed} />
    </>
  );
}

function AltTextDialog({
  state,
  onApply,
  onCancel,
  onClosed,
}: {
  state: AltDialogState;
  onApply: (alt: string) => void;
  onCancel: () => void;
  onClosed: () => void;
}) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Back to the text where the image went, not to the toolbar button.
          event.preventDefault();
          onClosed();
        }}
      >
        {state && <AltTextForm state={state} onApply={onApply} onCancel={onCancel} />}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's form, made anew each time it opens, with the image's alt text so far. */
function AltTextForm({ state, onApply, onCancel }: { state: NonNullable<AltDialogState>; onApply: (alt: string) => void; onCancel: () => void }) {
  const ids = { alt: useId(), help: useId(), error: useId() };
  const form = useForm<ImageAltForm>({ resolver: zodResolver(ImageAltFormSchema), defaultValues: { alt: state.alt } });
  const error = form.formState.errors.alt?.message;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        // The dialog is portalled out of the article form, but React still bubbles to it.
        event.stopPropagation();
        void form.handleSubmit(({ alt }) => onApply(alt))(event);
      }}
    >
      <DialogHeader>
        <DialogTitle>{state.kind === 'insert' ? 'Describe the image' : 'Change the alt text'}</DialogTitle>
        <DialogDescription>Alt text tells readers who cannot see the image what it shows.</DialogDescription>
      </DialogHeader>
      <img src={state.src} alt="" className="max-h-48 w-auto justify-self-center rounded bg-muted object-contain" />
      <div className="grid gap-2">
        <Label htmlFor={ids.alt}>Alt text</Label>
        <Input
          id={ids.alt}
          maxLength={IMAGE_ALT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.help} ${ids.error}` : ids.help}
          autoFocus
          {...form.register('alt')}
        />
        <p id={ids.help} className="text-xs text-muted-foreground">
          For example: “Flood water around the market hall, seen from the bridge”.
        </p>
        {error && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{state.kind === 'insert' ? 'Insert image' : 'Save alt text'}</Button>
      </DialogFooter>
    </form>
  );
}

function ToolButton({ label, tabIndex, disabled, onClick, children }: { label: string; tabIndex: number; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      title={label}
      disabled={disabled}
      tabIndex={tabIndex}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
