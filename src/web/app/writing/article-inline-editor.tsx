import { MEDIA_MESSAGES } from '@contract/media-rules';
import type { Article } from '@contract/articles';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useUpdateArticle } from '@/features/articles/api/articles';
import { toUpdateBody, valuesFromArticle, type ArticleFormValues } from '@/lib/article-form';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import type { ArticleImagesSeam, LocationFieldComponent, SubmitDraft } from '@/features/articles/components/article-form-seams';
import { ArticleEditor } from './article-editor';
import { editedVersion } from '@/features/drafts/api/server-draft';

/**
 * Edit mode of the article page (docs/product.md#writing): Save or Cancel; Cancel restores the loaded
 * values; the content box is at least 500 px high; Save reads 'Uploading Images...' while images
 * upload. Loaded lazily with the editor, only when the author presses Edit.
 */
export default function ArticleInlineEditor({
  article,
  locationField,
  images,
  onDone,
}: {
  article: Article;
  locationField: LocationFieldComponent;
  images?: ArticleImagesSeam;
  onDone: () => void;
}) {
  const update = useUpdateArticle(article.id);

  const submit = async (values: ArticleFormValues, draft?: SubmitDraft) => {
    try {
      await update.mutateAsync({ ...toUpdateBody(values), ...(draft?.baseSavedAt ? { baseSavedAt: draft.baseSavedAt } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && draft) return void (await draft.conflicted());
      toast({ variant: 'destructive', title: 'Error', description: error instanceof ApiError && error.message ? error.message : 'Failed to update the article.' });
      return;
    }
    if (images) {
      try {
        await images.commit(article.id);
      } catch (error) {
        // A failed upload names its file (docs/product.md#writing); anything else is the general warning.
        const failed = error instanceof Error && error.message.startsWith(MEDIA_MESSAGES.uploadFailed('')) ? error.message : MEDIA_MESSAGES.imagesNotUpdated;
        toast({ variant: 'destructive', title: 'Error', description: failed });
        onDone();
        return;
      }
    }
    toast({ title: 'Article updated' });
    onDone();
  };

  return (
    <>
      <ModerationNote note={article.moderationNote} className="mb-6" />
      <ArticleEditor
        mode="inline"
        // The writer's pending edit, when there is one: Save applies it.
        initialValues={valuesFromArticle(editedVersion(article))}
        locationField={locationField}
        images={images}
        onSubmit={submit}
        onCancel={onDone}
        offerCorrection={article.published}
        submitLabel="Save"
        desk={{ article, author: article.author, toValues: valuesFromArticle }}
      />
    </>
  );
}
