import { useCallback } from 'react';
import type { Article } from '@contract/articles';
import type { ArticleFormValues } from '@/lib/article-form';
import { ArticleForm, type ArticleFormProps } from '@/features/articles/components/article-form';
import type { PreviewGalleryComponent } from '@/features/articles/components/article-preview';
import { useArticleForm, type ArticleFormOptions } from '@/features/articles/components/use-article-form';
import { editedVersion, useServerDraft } from '@/features/drafts/api/server-draft';
import { EditorSaveStatus } from '@/features/drafts/components/editor-save-status';
import { LeaveUnsavedDialog, RestoreUnsentNotice } from '@/features/drafts/components/unsaved-work';
import { useUnsentWork } from '@/features/drafts/components/use-unsent-work';
import { CorrectionFields } from '@/features/revisions/components/correction-fields';

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

export interface ArticleEditorProps extends ArticleFormOptions, Omit<ArticleFormProps, 'state' | 'desk' | 'unsent' | 'correction'> {
  /**
   * Where unsaved work is kept in this browser (drafts' lib/unsent-article). With it, leaving with
   * unsaved changes asks first, and coming back offers the kept copy. Cleared once `disabled`
   * (saved) or on Cancel.
   */
  unsentKey?: string;
  desk?: WritingDesk;
}

/**
 * The article form as the create, edit and inline-edit pages show it, composed from the features:
 * the form (articles), the draft on the server and the copy kept in this browser (drafts), and the
 * correction an edit of a published article may carry (revisions).
 */
export function ArticleEditor({ mode, initialValues, offerCorrection = false, unsentKey, desk, disabled = false, ...props }: ArticleEditorProps) {
  const state = useArticleForm({ mode, initialValues, offerCorrection });
  const { form, values, load, setTouched } = state;
  const loadVersion = useCallback(
    (article: Article) => {
      if (!desk) return;
      load({ ...desk.toValues(editedVersion(article)), correction: form.getValues('correction') });
    },
    [desk, form, load],
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
  const unsent = useUnsentWork(unsentKey, {
    values,
    initialValues,
    touched: state.touched,
    disabled,
    serverHasIt,
    restore: (kept) => {
      load({ ...kept, channelId: mode === 'edit' ? initialValues.channelId : (kept.channelId ?? initialValues.channelId) });
      setTouched(true);
    },
  });

  return (
    <ArticleForm
      {...props}
      state={state}
      disabled={disabled}
      desk={
        desk && {
          article: desk.article,
          author: desk.author,
          gallery: desk.gallery,
          articleId: draft.articleId,
          settle: async () => ({ ...(await draft.settle()), conflicted: draft.saveConflicted }),
          status: <EditorSaveStatus draft={draft} toValues={desk.toValues} />,
        }
      }
      unsent={{
        leaveDialog: unsentKey ? <LeaveUnsavedDialog blocker={unsent.blocker} /> : null,
        restoreNotice: unsent.offer && <RestoreUnsentNotice savedAt={unsent.offer.savedAt} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />,
        forget: unsent.forget,
      }}
      correction={<CorrectionFields form={form} />}
    />
  );
}
