import { memo, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Loader2Icon } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { LIMITS } from '@contract/limits';
import { cn } from '@/lib/utils';
import { articleFormSchema, NO_CORRECTION, type ArticleFormErrors, type ArticleFormValues, type ArticleLocation } from '@/lib/article-form';
import {
  articleValuesDiffer,
  clearUnsentArticle,
  readUnsentArticle,
  storeUnsentArticle,
  type UnsentArticle,
} from '@/features/drafts/lib/unsent-article';
import { CategoryPicker } from './category-picker';
import { CorrectionFields } from '@/features/revisions/components/correction-fields';
import { LeaveUnsavedDialog, RestoreUnsentNotice, useUnsavedWorkGuard } from '@/features/drafts/components/unsaved-work';
import { lazyWithRetry } from '@/lib/chunk-retry';
import type { UploadTextImage } from './editor-image-tools';
import { MissingAltDialog, missingAltInHtml } from './missing-alt-dialog';
import type { Article } from '@contract/articles';
import { EyeIcon } from 'lucide-react';
import { editedVersion, useServerDraft } from '@/features/drafts/api/server-draft';
import { ArticlePreview, previewArticle, type PreviewGalleryComponent } from './article-preview';
import { EditorSaveStatus } from '@/features/drafts/components/editor-save-status';
import { EditorWordCount, TitleCounter } from './editor-word-count';
import { TITLE_COUNTER_FROM } from '../lib/word-count';

// TipTap is only downloaded by pages that edit (spec: the feed and article pages stay small).
const RichTextEditor = lazyWithRetry(() => import('./rich-text-editor'));

/**
 * The editor in its own Suspense boundary, memoized on its props. The server renders it (an inert
 * toolbar and page of the same size); while its chunk loads after hydration the boundary keeps that
 * markup. A re-render of the form with the same props must not reach the boundary: React would
 * give up hydrating it and show the fallback, and everything below the editor would jump.
 */
const EditorSlot = memo(function EditorSlot({ minHeight, ...props }: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center rounded-md border" style={{ minHeight: minHeight + 42 }}>
          <Spinner label="Loading editor" />
        </div>
      }
    >
      <RichTextEditor minHeight={minHeight} {...props} />
    </Suspense>
  );
});

/** The location picker lives in the geo feature; pages pass it in (features do not import each other). */
export type LocationFieldComponent = ComponentType<{
  value: ArticleLocation | null;
  onChange: (value: ArticleLocation | null) => void;
  labelId: string;
}>;

/**
 * The seam for article images (media feature). A page builds it with the media feature's hook
 * and passes it in; the form renders `element` in its images place, shows 'Uploading Images...'
 * on Save while `isUploading`, and after the article is saved calls `commit(articleId)`, which
 * uploads pending files first and then saves the image records (docs/product.md#writing). A throw is
 * reported with the image-save warning of docs/product.md#writing. `reset` restores the loaded images
 * when an edit is cancelled.
 */
export interface ArticleImagesSeam {
  element: ReactNode;
  isUploading: boolean;
  commit: (articleId: number) => Promise<void>;
  reset?: () => void;
  /** How many gallery images have no alt text (publishing asks first). */
  missingAlt?: number;
  /** Pictures in the text: the editor's Image button checks and uploads through it. */
  uploadTextImage?: UploadTextImage;
}

export interface ArticleFormProps {
  mode: 'create' | 'edit' | 'inline';
  initialValues: ArticleFormValues;
  /** The user's own channels for the channel select (create and edit pages). */
  channels?: { id: number; name: string }[];
  locationField: LocationFieldComponent;
  images?: ArticleImagesSeam;
  /** Saves; resolves when done (the caller shows toasts and navigates). */
  onSubmit: (values: ArticleFormValues, draft?: SubmitDraft) => Promise<void>;
  onCancel?: () => void;
  submitLabel: string | ((values: ArticleFormValues) => string);
  submittingLabel?: string;
  /** Keeps Save disabled (after saving, while the page moves on). */
  disabled?: boolean;
  /** Extra checks before the schema errors show (the create page's login and channel toasts). */
  onInvalid?: (errors: ArticleFormErrors, values: ArticleFormValues) => void;
  /**
   * Where unsaved work is kept in this browser (see lib/unsent-article). With it, leaving with
   * unsaved changes asks first, and coming back offers the kept copy. Cleared once `disabled`
   * (saved) or on Cancel.
   */
  unsentKey?: string;
  /** Offers 'This edit corrects the article' (an edit of a published article). */
  offerCorrection?: boolean;
  desk?: WritingDesk;
  /**
   * The newsroom's status panel (docs/product.md#newsroom), drawn above the fields. `submitWith(run)` saves
   * the form as Save does (checks, alt-text question, the autosave settled) but through `run`
   * instead of `onSubmit`: Submit for review, Schedule, Unschedule.
   */
  workflow?: (controls: WorkflowControls) => ReactNode;
  /** Whether the 'Save as draft' switch shows for these values (a writer's channel: never, every save is a draft). */
  publishSwitch?: (values: ArticleFormValues) => boolean;
}

/** A save through another path than `onSubmit` (see ArticleFormProps.workflow). */
export type FormAction = (values: ArticleFormValues, draft?: SubmitDraft) => Promise<void>;

export interface WorkflowControls {
  values: ArticleFormValues;
  submitWith: (run: FormAction) => void;
  busy: boolean;
}

/**
 * The writing desk around the form (docs/decisions/040-drafts-on-the-server.md): drafts saved on
 * the server as the writer types, the save status, Discard for a published article's pending edit,
 * and the Preview. Without it the form saves only on Save.
 */
export interface WritingDesk {
  /** The article as loaded (its savedAt and pending edit), or null for a new one. */
  article: Article | null;
  author: { id: number; username: string };
  /** A version from the server as the form's values. */
  toValues: (article: Article) => ArticleFormValues;
  /** The gallery the article page shows (media feature), for the Preview. */
  gallery?: PreviewGalleryComponent;
}

/** What a Save needs to know of the server draft: the article it created, and the version the edit was made on. */
export interface SubmitDraft {
  articleId: number | null;
  baseSavedAt: string | null;
  /** A Save answered 409: ask the writer as an autosave's conflict does. */
  conflicted: (savedAt?: string) => Promise<void>;
}

/** The messages of the fields the form checks, from react-hook-form's errors. */
function messagesOf(errors: FieldErrors<ArticleFormValues>): ArticleFormErrors {
  const found: ArticleFormErrors = {};
  if (errors.title?.message) found.title = errors.title.message;
  if (errors.content?.message) found.content = errors.content.message;
  if (errors.channelId?.message) found.channelId = errors.channelId.message;
  return found;
}

/**
 * One form for creating and editing (docs/product.md#writing): title, rich-text content (300 px when
 * creating, at least 500 px when editing), channel, categories, location, images and 'Save as
 * draft'. A react-hook-form form checked by the contract's article schema (lib/article-form.ts),
 * with the messages of docs/product.md#writing.
 */
export function ArticleForm({
  mode,
  initialValues,
  channels = [],
  locationField: LocationField,
  images,
  onSubmit,
  onCancel,
  submitLabel,
  submittingLabel = 'Saving...',
  onInvalid,
  disabled = false,
  unsentKey,
  offerCorrection = false,
  desk,
  workflow,
  publishSwitch,
}: ArticleFormProps) {
  const resolver = useMemo(() => zodResolver(articleFormSchema({ needsChannel: mode === 'create' })), [mode]);
  const startValues = offerCorrection ? { ...initialValues, correction: NO_CORRECTION } : initialValues;
  const form = useForm<ArticleFormValues>({ resolver, defaultValues: startValues, shouldFocusError: false });
  const values = form.watch();
  const errors = messagesOf(form.formState.errors);
  const submitting = form.formState.isSubmitting;
  const [altWarning, setAltWarning] = useState(0);
  const altConfirmed = useRef(false);
  // The save path of the submission under way: onSubmit, or the one a workflow button chose.
  const action = useRef<FormAction | null>(null);
  // The HTML the editor (re)starts from: the loaded content, or a restored copy.
  const [editorHtml, setEditorHtml] = useState(initialValues.content);
  // Typed into since the page opened (or since a restore): only then is there work to keep.
  const [touched, setTouched] = useState(false);
  const [offer, setOffer] = useState<UnsentArticle | null>(null);
  // Remounting the editor is how Cancel puts the loaded content back.
  const [editorKey, setEditorKey] = useState(0);
  const focusEditor = useRef<() => void>(() => {});
  const registerFocus = useCallback((focus: () => void) => {
    focusEditor.current = focus;
  }, []);
  const ids = {
    title: useId(),
    titleError: useId(),
    content: useId(),
    contentError: useId(),
    channel: useId(),
    channelError: useId(),
    categories: useId(),
    location: useId(),
    draft: useId(),
    titleCounter: useId(),
  };
  const titleRef = useRef<HTMLInputElement>(null);
  const channelRef = useRef<HTMLSelectElement>(null);
  const showChannel = mode !== 'inline';
  const { setValue, clearErrors } = form;
  const set = useCallback(
    <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
      setTouched(true);
      // react-hook-form's own setter: the fields without a native input (editor, pickers, switch).
      (setValue as (name: K, value: ArticleFormValues[K], options: { shouldDirty: boolean }) => void)(key, value, { shouldDirty: true });
      clearErrors(key);
    },
    [setValue, clearErrors],
  );
  const setContent = useCallback((html: string) => set('content', html), [set]);
  const title = form.register('title', { onChange: () => setTouched(true) });

  const [previewing, setPreviewing] = useState(false);
  const loadVersion = useCallback(
    (article: Article) => {
      if (!desk) return;
      const loaded = desk.toValues(editedVersion(article));
      form.reset({ ...loaded, correction: form.getValues('correction') }, { keepDefaultValues: true });
      setEditorHtml(loaded.content);
      setEditorKey((k) => k + 1);
    },
    [desk, form],
  );
  const draft = useServerDraft(values, {
    enabled: desk !== undefined && !disabled,
    articleId: desk?.article?.id ?? null,
    channelId: values.channelId,
    savedAt: desk?.article?.savedAt ?? null,
    serverValues: initialValues,
    hasPendingEdit: desk?.article?.pendingEdit != null,
    published: desk?.article?.published === true,
    load: loadVersion,
  });
  const serverHasIt = desk !== undefined && draft.upToDate && (draft.articleId !== null || mode !== 'create');
  const unsaved = unsentKey !== undefined && touched && !disabled && articleValuesDiffer(values, initialValues) && !serverHasIt;
  const { blocker, release } = useUnsavedWorkGuard(unsaved);

  // Read in an effect, not during render: the server's render and the first client render match.
  useEffect(() => {
    if (!unsentKey) return;
    const kept = readUnsentArticle(unsentKey);
    if (kept && articleValuesDiffer(kept.values, initialValues)) setOffer(kept);
    // Only when the page (its key) changes; the initial values of one page do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unsentKey]);

  useEffect(() => {
    if (!unsentKey || !touched) return;
    if (disabled) clearUnsentArticle(unsentKey);
    // The browser's copy is for what the server does not hold yet (offline, or before the first save).
    else if (articleValuesDiffer(values, initialValues) && !serverHasIt) storeUnsentArticle(unsentKey, values);
    else clearUnsentArticle(unsentKey);
  }, [unsentKey, touched, disabled, values, initialValues, serverHasIt]);

  const restore = () => {
    if (!offer) return;
    form.reset(
      { ...offer.values, channelId: mode === 'edit' ? initialValues.channelId : (offer.values.channelId ?? initialValues.channelId) },
      { keepDefaultValues: true },
    );
    setEditorHtml(offer.values.content);
    setEditorKey((k) => k + 1);
    setTouched(true);
    setOffer(null);
  };
  const discardOffer = () => {
    if (unsentKey) clearUnsentArticle(unsentKey);
    setOffer(null);
  };

  const submit = form.handleSubmit(
    async () => {
      if (disabled) return;
      // Going public with images that have no alt text asks first (the writer may still go ahead).
      const current = form.getValues();
      const missingAlt = current.draft ? 0 : missingAltInHtml(current.content) + (images?.missingAlt ?? 0);
      if (missingAlt > 0 && !altConfirmed.current) return setAltWarning(missingAlt);
      altConfirmed.current = false;
      const run = action.current ?? onSubmit;
      action.current = null;
      // The values as the form holds them (the schema's trimming is the request builder's to do).
      if (!desk) return run(current);
      // An autosave on its way lands first, so the Save is made on the version it created.
      const settled = await draft.settle();
      await run(form.getValues(), { ...settled, conflicted: draft.saveConflicted });
    },
    (invalid) => {
      action.current = null;
      const found = messagesOf(invalid);
      onInvalid?.(found, form.getValues());
      if (found.title) titleRef.current?.focus();
      else if (found.content) focusEditor.current();
      else if (found.channelId) channelRef.current?.focus();
      else if (invalid.correction) form.setFocus('correction.text');
    },
  );

  const cancel = () => {
    // Cancel throws the changes away on purpose: nothing to ask about, nothing to keep.
    release();
    if (unsentKey) clearUnsentArticle(unsentKey);
    setTouched(false);
    form.reset(startValues);
    setEditorHtml(initialValues.content);
    setEditorKey((k) => k + 1);
    images?.reset?.();
    onCancel?.();
  };

  const busy = submitting || images?.isUploading === true;
  const label = typeof submitLabel === 'function' ? submitLabel(values) : submitLabel;
  const saveLabel = images?.isUploading ? 'Uploading Images...' : submitting ? submittingLabel : label;
  const editorHeight = mode === 'create' ? 300 : 500;

  return (
    <Form
      onSubmit={(event) => {
        if (submitting) event.preventDefault();
        else void submit(event);
      }}
      noValidate
      // A grid, not space-y: the fields sit in Form's display:contents fieldset, where margins between them never applied.
      // Previewing hides the form's parts (still mounted: the editor keeps its state) for the preview's.
      className={cn('grid grid-cols-[minmax(0,1fr)] gap-6', previewing && '[&>fieldset>*:not([data-preview])]:hidden')}
    >
      {desk && (
        <div data-preview className="flex justify-end">
          <Button type="button" variant="outline" size="sm" aria-pressed={previewing} onClick={() => setPreviewing((on) => !on)}>
            <EyeIcon aria-hidden="true" />
            Preview
          </Button>
        </div>
      )}
      {desk && previewing && (
        <div data-preview>
          <ArticlePreview
            article={previewArticle(values, { article: desk.article, author: desk.author, channel: channels.find((c) => c.id === values.channelId) ?? null })}
            gallery={desk.gallery}
          />
        </div>
      )}
      {unsentKey && <LeaveUnsavedDialog blocker={blocker} />}
      <MissingAltDialog
        count={altWarning}
        onCancel={() => {
          setAltWarning(0);
          action.current = null;
        }}
        onConfirm={() => {
          setAltWarning(0);
          altConfirmed.current = true;
          void submit();
        }}
      />
      {offer && <RestoreUnsentNotice savedAt={offer.savedAt} onRestore={restore} onDiscard={discardOffer} />}
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={ids.title}>Title</Label>
          <TitleCounter id={ids.titleCounter} title={values.title} />
        </div>
        <Input
          {...title}
          ref={(element) => {
            title.ref(element);
            titleRef.current = element;
          }}
          id={ids.title}
          // No maxLength: a longer title is not cut silently; the counter and the form's message say why it cannot be saved.
          aria-invalid={errors.title || values.title.trim().length > LIMITS.titleMax ? true : undefined}
          aria-describedby={[errors.title ? ids.titleError : '', values.title.trim().length >= TITLE_COUNTER_FROM ? ids.titleCounter : ''].filter(Boolean).join(' ') || undefined}
          className="h-11 font-serif text-xl md:text-xl"
        />
        <FieldError id={ids.titleError} message={errors.title} />
      </div>

      <div className="space-y-2">
        <span id={ids.content} className="block text-sm leading-none font-medium">
          Content
        </span>
        <EditorSlot
          key={editorKey}
          initialHtml={editorHtml}
          onChange={setContent}
          labelId={ids.content}
          minHeight={editorHeight}
          invalid={Boolean(errors.content)}
          describedBy={errors.content ? ids.contentError : undefined}
          registerFocus={registerFocus}
          uploadImage={images?.uploadTextImage}
        />
        <FieldError id={ids.contentError} message={errors.content} />
        {desk && (
          <div className="flex flex-wrap items-center justify-between gap-x-4">
            <EditorSaveStatus draft={draft} toValues={desk.toValues} />
            <EditorWordCount html={values.content} />
          </div>
        )}
      </div>

      {/* The newsroom's status after the title and text, which are what the desk is for (on a phone
          the panel above them filled the first screen): where the article stands, the editor's
          note, scheduling and review. */}
      {workflow?.({
        values,
        busy: busy || disabled,
        submitWith: (run) => {
          if (submitting || disabled) return;
          action.current = run;
          void submit();
        },
      })}

      <div className={cn('grid gap-6', showChannel && 'md:grid-cols-2')}>
        {showChannel && (
          <div className="space-y-2">
            <Label htmlFor={ids.channel}>Channel</Label>
            <select
              ref={channelRef}
              id={ids.channel}
              value={values.channelId ?? ''}
              disabled={mode === 'edit' || draft.articleId !== null}
              onChange={(e) => set('channelId', e.target.value ? Number(e.target.value) : null)}
              aria-invalid={errors.channelId ? true : undefined}
              aria-describedby={errors.channelId ? ids.channelError : undefined}
              className="flex h-9 w-full rounded-md border border-input bg-background px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
            >
              <option value="">Select a channel</option>
              {channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {channel.name}
                </option>
              ))}
            </select>
            {(mode === 'edit' || draft.articleId !== null) && <p className="text-xs text-muted-foreground">An article stays in the channel it was written in.</p>}
            <FieldError id={ids.channelError} message={errors.channelId} />
          </div>
        )}
        <div className="space-y-2">
          <span id={ids.location} className="block text-sm leading-none font-medium">
            Location
          </span>
          <LocationField value={values.location} onChange={(location) => set('location', location)} labelId={ids.location} />
        </div>
      </div>

      <div className="space-y-2">
        <span id={ids.categories} className="block text-sm leading-none font-medium">
          Categories
        </span>
        <CategoryPicker value={values.categories} onChange={(categories) => set('categories', categories)} labelId={ids.categories} />
      </div>

      {/* ImageUploader (media feature): rendered from the `images` seam (see ArticleImagesSeam). */}
      {images?.element}

      {offerCorrection && <CorrectionFields form={form} />}

      {mode !== 'inline' && (publishSwitch?.(values) ?? true) && (
        <div className="flex items-center gap-3">
          <Switch id={ids.draft} checked={values.draft} onCheckedChange={(checked) => set('draft', checked)} />
          <Label htmlFor={ids.draft}>Save as draft</Label>
        </div>
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || disabled}>
          {busy && <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
          {saveLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={cancel} disabled={submitting}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
