import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import Image from '@tiptap/extension-image';
import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  QuoteIcon,
  Redo2Icon,
  SquareCodeIcon,
  Undo2Icon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { proseClassName } from './prose';
import { EditorImageTools, type UploadTextImage } from './editor-image-tools';
import { CaretLeavesImage } from '../lib/caret-leaves-image';

export interface RichTextEditorProps {
  /** The HTML to start from; later changes of this prop are ignored (remount with a key to reset). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** The id of the visible label. */
  labelId: string;
  /** 300 px when creating, at least 500 px when editing (docs/product.md#writing). */
  minHeight: number;
  invalid?: boolean;
  describedBy?: string;
  /** Gives focus to the editor (used when validation fails). */
  registerFocus?: (focus: () => void) => void;
  /** With it, the toolbar offers 'Image': pictures in the text, uploaded through the media feature. */
  uploadImage?: UploadTextImage;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const KEPT_SCHEME = /^(https?|mailto):/i;

/** A link the server keeps: http, https or mailto, or an address without a scheme (https is added). */
function allowedLink(url: string, ctx: { defaultValidate: (url: string) => boolean }): boolean {
  const address = url.trim();
  return ctx.defaultValidate(address) && (KEPT_SCHEME.test(address) || !SCHEME.test(address));
}

/** An empty document is '<p></p>'; the form treats it as no content. */
export function isEmptyEditorHtml(html: string): boolean {
  return html.replace(/<p>\s*<\/p>/g, '').trim() === '';
}

/**
 * The article body editor: TipTap (StarterKit + Link) producing the HTML the server sanitizes
 * (docs/product.md#data; docs/decisions/014-reading-and-writing.md). Loaded lazily, only by the pages that edit.
 */
export default function RichTextEditor({ initialHtml, onChange, labelId, minHeight, invalid, describedBy, registerFocus, uploadImage }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, underline: false }),
      // No `protocols`: http, https and mailto are the link finder's own, and registering them again
      // on each editor it warns about in the console. The schemes the server keeps are the allowed ones.
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: allowedLink }),
      Placeholder.configure({ placeholder: 'Write your article…' }),
      // Our uploads only (the server keeps no other image); never pasted data: URLs.
      Image.configure({ allowBase64: false, HTMLAttributes: { loading: 'lazy' } }),
      CaretLeavesImage,
    ],
    content: initialHtml || '',
    // The server renders the page without the editor's document (ProseMirror needs the DOM); the
    // browser creates it after hydrating, so both first renders agree.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cn(proseClassName, 'px-4 py-3 outline-none'),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor }) => onChange(editor.getHTML()),
  });

  useEffect(() => {
    if (editor && registerFocus) registerFocus(() => editor.commands.focus());
  }, [editor, registerFocus]);

  return (
    <div
      className={cn(
        'rounded-md border border-input bg-background shadow-xs focus-within:ring-2 focus-within:ring-ring/60',
        invalid && 'border-destructive',
        '[&_.is-editor-empty:first-child::before]:pointer-events-none [&_.is-editor-empty:first-child::before]:float-left [&_.is-editor-empty:first-child::before]:h-0 [&_.is-editor-empty:first-child::before]:text-muted-foreground [&_.is-editor-empty:first-child::before]:content-[attr(data-placeholder)]',
      )}
    >
      {/* Until the editor exists (the server's render, the first one after hydrating) its toolbar
          and its page stand in place, inert and the same size, so nothing below moves when it arrives. */}
      <Toolbar editor={editor} uploadImage={uploadImage} />
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // The same HTML the editor starts from (sanitized by the server when it was saved), in the editor's own box.
        <div className={cn(proseClassName, 'px-4 py-3')} style={{ minHeight }} aria-hidden="true" dangerouslySetInnerHTML={{ __html: initialHtml }} />
      )}
    </div>
  );
}

interface ToolButton {
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: ToolButton[] = [
  { label: 'Heading 2', icon: Heading2Icon, isActive: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Heading 3', icon: Heading3Icon, isActive: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bold', icon: BoldIcon, isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', icon: ItalicIcon, isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Bullet list', icon: ListIcon, isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', icon: ListOrderedIcon, isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', icon: QuoteIcon, isActive: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: 'Inline code', icon: CodeIcon, isActive: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  { label: 'Code block', icon: SquareCodeIcon, isActive: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
];

/** What the toolbar shows before the editor exists: every control there, none usable. */
const NO_EDITOR_STATE = { active: TOOLS.map(() => false), link: false, linkHref: '', canUndo: false, canRedo: false, image: false };

function Toolbar({ editor, uploadImage }: { editor: Editor | null; uploadImage?: UploadTextImage }) {
  const state =
    useEditorState({
      editor,
      selector: ({ editor: e }) =>
        e
          ? {
              active: TOOLS.map((tool) => tool.isActive(e)),
              link: e.isActive('link'),
              linkHref: (e.getAttributes('link').href as string | undefined) ?? '',
              canUndo: e.can().undo(),
              canRedo: e.can().redo(),
              image: e.isActive('image'),
            }
          : NO_EDITOR_STATE,
    }) ?? NO_EDITOR_STATE;
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  const applyLink = () => {
    if (!editor) return;
    const url = href.trim();
    if (!url) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}` }).run();
    setLinkOpen(false);
  };

  // WAI-ARIA toolbar: one tab stop (the button used last), arrow keys, Home and End inside.
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(TOOLS[0]!.label);
  const disabled = (label: string) =>
    !editor || (label === 'Undo' && !state.canUndo) || (label === 'Redo' && !state.canRedo) || (label === 'Alt text' && !state.image);
  const tabStop = disabled(current) ? TOOLS[0]!.label : current;
  const tabIndexOf = (label: string) => (label === tabStop ? 0 : -1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const last = buttons.length - 1;
    const next =
      event.key === 'ArrowRight' ? (at === last ? 0 : at + 1)
      : event.key === 'ArrowLeft' ? (at === 0 ? last : at - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (next < 0) return;
    event.preventDefault();
    buttons[next]!.focus();
  };

  return (
    <div className="sticky top-16 z-10 rounded-t-md border-b bg-background/95">
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-0.5 p-1"
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const label = event.target.getAttribute('aria-label');
          if (label) setCurrent(label);
        }}
      >
        {TOOLS.map((tool, i) => (
          <ToolbarButton
            key={tool.label}
            label={tool.label}
            pressed={state.active[i] ?? false}
            disabled={!editor}
            tabIndex={tabIndexOf(tool.label)}
            onClick={() => editor && tool.run(editor)}
          >
            <tool.icon className="size-4" aria-hidden="true" />
          </ToolbarButton>
        ))}
        <ToolbarButton
          label="Link"
          tabIndex={tabIndexOf('Link')}
          pressed={state.link}
          disabled={!editor}
          onClick={() => {
            setHref(state.linkHref);
            setLinkOpen((open) => !open);
          }}
        >
          <LinkIcon className="size-4" aria-hidden="true" />
        </ToolbarButton>
        {uploadImage && <EditorImageTools editor={editor} upload={uploadImage} tabIndexOf={tabIndexOf} />}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        <ToolbarButton label="Undo" tabIndex={tabIndexOf('Undo')} disabled={disabled('Undo')} onClick={() => editor?.chain().focus().undo().run()}>
          <Undo2Icon className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Redo" tabIndex={tabIndexOf('Redo')} disabled={disabled('Redo')} onClick={() => editor?.chain().focus().redo().run()}>
          <Redo2Icon className="size-4" aria-hidden="true" />
        </ToolbarButton>
      </div>
      {linkOpen && (
        <div className="flex flex-wrap items-center gap-2 border-t p-2">
          <Input
            aria-label="Link address"
            placeholder="https://example.com"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                setLinkOpen(false);
                editor?.commands.focus();
              }
            }}
            className="h-8 max-w-sm flex-1"
            autoFocus
          />
          <Button size="sm" onClick={applyLink}>
            Apply link
          </Button>
          {state.link && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                editor?.chain().focus().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              Remove link
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function ToolbarButton({
  label,
  pressed,
  disabled,
  tabIndex,
  onClick,
  children,
}: {
  label: string;
  tabIndex: number;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', pressed && 'bg-accent text-accent-foreground')}
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      tabIndex={tabIndex}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
