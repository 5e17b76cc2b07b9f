import { useCallback, useMemo, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { articleFormSchema, NO_CORRECTION, type ArticleFormErrors, type ArticleFormValues } from '@/lib/article-form';

/** The messages of the fields the form checks, from react-hook-form's errors. */
export function messagesOf(errors: FieldErrors<ArticleFormValues>): ArticleFormErrors {
  const found: ArticleFormErrors = {};
  if (errors.title?.message) found.title = errors.title.message;
  if (errors.content?.message) found.content = errors.content.message;
  if (errors.channelId?.message) found.channelId = errors.channelId.message;
  return found;
}

export interface ArticleFormOptions {
  mode: 'create' | 'edit' | 'inline';
  initialValues: ArticleFormValues;
  /** Offers 'This edit corrects the article' (an edit of a published article): the form starts with no correction chosen. */
  offerCorrection?: boolean;
}

/**
 * The article form's state, held by the page that composes the form (app/writing) so the drafts
 * feature can watch and reload it: a react-hook-form form checked by the contract's article schema
 * (lib/article-form.ts), whether the writer has typed since the page opened, and the HTML the
 * editor (re)starts from.
 */
export function useArticleForm({ mode, initialValues, offerCorrection = false }: ArticleFormOptions) {
  const resolver = useMemo(() => zodResolver(articleFormSchema({ needsChannel: mode === 'create' })), [mode]);
  const startValues = offerCorrection ? { ...initialValues, correction: NO_CORRECTION } : initialValues;
  const form = useForm<ArticleFormValues>({ resolver, defaultValues: startValues, shouldFocusError: false });
  const values = form.watch();
  // The HTML the editor (re)starts from: the loaded content, or a restored copy.
  const [editorHtml, setEditorHtml] = useState(initialValues.content);
  // Typed into since the page opened (or since a restore): only then is there work to keep.
  const [touched, setTouched] = useState(false);
  // Remounting the editor is how Cancel or a loaded version puts other content in it.
  const [editorKey, setEditorKey] = useState(0);
  const { setValue, clearErrors, reset } = form;
  const set = useCallback(
    <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
      setTouched(true);
      // react-hook-form's own setter: the fields without a native input (editor, pickers, switch).
      (setValue as (name: K, value: ArticleFormValues[K], options: { shouldDirty: boolean }) => void)(key, value, { shouldDirty: true });
      clearErrors(key);
    },
    [setValue, clearErrors],
  );
  /** Puts other values in the form (a version from the server, a kept copy), the editor's content with them. */
  const load = useCallback(
    (next: ArticleFormValues) => {
      reset(next, { keepDefaultValues: true });
      setEditorHtml(next.content);
      setEditorKey((k) => k + 1);
    },
    [reset],
  );
  /** Back to the values the page opened with (Cancel). */
  const restart = () => {
    setTouched(false);
    reset(startValues);
    setEditorHtml(initialValues.content);
    setEditorKey((k) => k + 1);
  };
  return { mode, initialValues, offerCorrection, form, values, editorHtml, editorKey, touched, setTouched, set, load, restart };
}

export type ArticleFormState = ReturnType<typeof useArticleForm>;
