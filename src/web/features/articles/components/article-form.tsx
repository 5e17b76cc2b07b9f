import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { EyeIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import type { ArticleFormErrors, ArticleFormValues } from '@/lib/article-form';
import { CategoryPicker } from './category-picker';
import { MissingAltDialog, missingAltInHtml } from './missing-alt-dialog';
import { ArticlePreview, previewArticle } from './article-preview';
import { EditorWordCount } from './editor-word-count';
import { EditorSlot } from './editor-slot';
import { ChannelField, FieldError, SubtitleField, TitleField } from './article-form-fields';
import { messagesOf, type ArticleFormState } from './use-article-form';
import type { ArticleImagesSeam, FormAction, FormDesk, FormUnsentWork, LocationFieldComponent, SubmitDraft, WorkflowControls } from './article-form-seams';

export interface ArticleFormProps {
  /** The form's values and editor (useArticleForm), held by the page that composes the form. */
  state: ArticleFormState;
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
  /** The server draft, its save status and the Preview (see FormDesk). */
  desk?: FormDesk;
  /** Work kept in this browser (see FormUnsentWork). */
  unsent?: FormUnsentWork;
  /** 'This edit corrects the article' (revisions feature), when the state offers a correction. */
  correction?: ReactNode;
  /** The newsroom's status panel (docs/product.md#newsroom), drawn after the title and text (see WorkflowControls). */
  workflow?: (controls: WorkflowControls) => ReactNode;
  /** Whether the 'Save as draft' switch shows for these values (a writer's channel: never, every save is a draft). */
  publishSwitch?: (values: ArticleFormValues) => boolean;
}

/**
 * One form for creating and editing (docs/product.md#writing): title, rich-text content (300 px when
 * creating, at least 500 px when editing), channel, categories, location, images and 'Save as
 * draft', with the messages of docs/product.md#writing. What other features add (the draft on the
 * server, the browser's copy, the correction, the workflow) comes in through its props.
 */
export function ArticleForm({
  state,
  channels = [],
  locationField: LocationField,
  images,
  onSubmit,
  onCancel,
  submitLabel,
  submittingLabel = 'Saving...',
  onInvalid,
  disabled = false,
  desk,
  unsent,
  correction,
  workflow,
  publishSwitch,
}: ArticleFormProps) {
  const { mode, form, values, set } = state;
  const errors = messagesOf(form.formState.errors);
  const submitting = form.formState.isSubmitting;
  const [altWarning, setAltWarning] = useState(0);
  const altConfirmed = useRef(false);
  // The save path of the submission under way: onSubmit, or the one a workflow button chose.
  const action = useRef<FormAction | null>(null);
  const focusEditor = useRef<() => void>(() => {});
  const registerFocus = useCallback((focus: () => void) => {
    focusEditor.current = focus;
  }, []);
  const ids = { content: useId(), contentError: useId(), categories: useId(), location: useId(), draft: useId() };
  const titleRef = useRef<HTMLInputElement>(null);
  const channelRef = useRef<HTMLSelectElement>(null);
  const showChannel = mode !== 'inline';
  const setContent = useCallback((html: string) => set('content', html), [set]);
  const [previewing, setPreviewing] = useState(false);

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
      const settled = await desk.settle();
      await run(form.getValues(), settled);
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
    unsent?.forget();
    state.restart();
    images?.reset?.();
    onCancel?.();
  };

  const busy = submitting || images?.isUploading === true;
  const label = typeof submitLabel === 'function' ? submitLabel(values) : submitLabel;
  const saveLabel = images?.isUploading ? 'Uploading Images...' : submitting ? submittingLabel : label;

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
      {unsent?.leaveDialog}
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
      {unsent?.restoreNotice}
      <TitleField state={state} error={errors.title} inputRef={titleRef} />
      <SubtitleField state={state} error={errors.subtitle} />

      <div className="space-y-2">
        <span id={ids.content} className="block text-sm leading-none font-medium">
          Content
        </span>
        <EditorSlot
          key={state.editorKey}
          initialHtml={state.editorHtml}
          onChange={setContent}
          labelId={ids.content}
          minHeight={mode === 'create' ? 300 : 500}
          invalid={Boolean(errors.content)}
          describedBy={errors.content ? ids.contentError : undefined}
          registerFocus={registerFocus}
          uploadImage={images?.uploadTextImage}
        />
        <FieldError id={ids.contentError} message={errors.content} />
        {desk && (
          <div className="flex flex-wrap items-center justify-between gap-x-4">
            {desk.status}
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
          <ChannelField state={state} channels={channels} locked={mode === 'edit' || (desk?.articleId ?? null) !== null} error={errors.channelId} selectRef={channelRef} />
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

      {state.offerCorrection && correction}

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
