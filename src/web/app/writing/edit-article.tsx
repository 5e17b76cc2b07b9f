import { MEDIA_MESSAGES } from '@contract/media-rules';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Article } from '@contract/articles';
import { STAFF_MESSAGES } from '@contract/staff-rules';
import { paths } from '@contract/paths';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useArticle, useOwnChannels, useUpdateArticle } from '@/features/articles/api/articles';
import { toUpdateBody, valuesFromArticle, type ArticleFormValues } from '@/lib/article-form';
import { readEditCopy, storeEditCopy } from '@/features/articles/lib/edit-copy';
import { unsentArticleKey } from '@/features/drafts/lib/unsent-article';
import type { ArticleImagesSeam, FormAction, LocationFieldComponent, SubmitDraft } from '@/features/articles/components/article-form-seams';
import { ArticleEditor } from './article-editor';
import { roleInChannel, workflowActions, writableChannels, type StaffChannelRef } from '@/features/workflow/lib/workflow';
import { useSubmitForReview } from '@/features/workflow/api/workflow';
import { WorkflowPanel } from '@/features/workflow/components/workflow-panel';
import { useFormatArticleDate } from '@/lib/format-date';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import { editedVersion } from '@/features/drafts/api/server-draft';
import type { PreviewGalleryComponent } from '@/features/articles/components/article-preview';
import { REDIRECT_DELAY_MS } from './create-article';

/**
 * The Edit Article form (docs/product.md#writing): the article and the user's channels in the creation
 * form; a copy kept in the browser session stands in while the article loads.
 */
export function EditArticle({
  articleId,
  userId,
  locationField,
  images,
  gallery,
  staffChannels,
}: {
  /** The channels the user is staff of (their role there decides the workflow's buttons); undefined while loading. */
  staffChannels?: StaffChannelRef[];
  articleId: number;
  userId: number;
  locationField: LocationFieldComponent;
  images?: ArticleImagesSeam;
  /** The article page's gallery, for the Preview. */
  gallery?: PreviewGalleryComponent;
}) {
  const navigate = useNavigate();
  const query = useArticle(articleId);
  const channels = useOwnChannels(true);
  const update = useUpdateArticle(articleId);
  const submitForReview = useSubmitForReview();
  const formatDate = useFormatArticleDate();
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  // A workflow step (submit, schedule) stays on the page: the form starts again from what was saved.
  const [round, setRound] = useState(0);
  // The copy the article page kept (sessionStorage), read after hydration: the server has no
  // sessionStorage, and both first renders must agree.
  const [stored, setStored] = useState<ReturnType<typeof readEditCopy>>(null);
  useEffect(() => setStored(readEditCopy(articleId)), [articleId]);
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (query.data) storeEditCopy(query.data);
  }, [query.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const article = query.data ?? (query.isPending ? stored : null);

  if (!article) {
    if (query.isPending) return <LoadingArticle />;
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403 || query.error.status === 400)) {
      return <Message>Article data could not be loaded. Please go back to the article and try again.</Message>;
    }
    return <Message title="Something went wrong">Article data could not be loaded. Please go back to the article and try again.</Message>;
  }
  if (channels.isPending || !staffChannels) return <LoadingArticle />;
  if (channels.isError) return <Message title="Something went wrong">{channels.error.message}</Message>;
  const role = roleInChannel(article.channelId, channels.data, staffChannels);
  const isAuthor = article.userId === userId;
  const allowed = workflowActions({ role, status: article.status, isAuthor, reviewNote: article.reviewNote });
  // The author of an article outside any channel of theirs (a channel since deleted) keeps the first product's rule: the owner's actions.
  if (!allowed.edit && !(isAuthor && role === null)) {
    return <Message title="Something went wrong">{isAuthor ? STAFF_MESSAGES.publishedLocked : 'Only the author can edit this article.'}</Message>;
  }
  const writable = writableChannels(channels.data, staffChannels);
  if (writable.length === 0) return <Message>No channels found. Please create a channel first.</Message>;
  const canPublish = allowed.publish || role === null;

  /** PATCH the form's values (with `extra`), made on the version this page holds: a save from another tab or device since is a conflict. */
  const save = async (values: ArticleFormValues, draft: SubmitDraft | undefined, extra: { publishAt?: string | null; published?: boolean } = {}): Promise<Article | null> => {
    try {
      return await update.mutateAsync({ ...toUpdateBody(values), ...extra, ...(draft?.baseSavedAt ? { baseSavedAt: draft.baseSavedAt } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && draft) {
        await draft.conflicted();
        return null;
      }
      throw error;
    }
  };

  const failed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: 'Error',
      description: error instanceof ApiError ? error.message || 'Failed to update article' : 'Failed to update the article. Please try again.',
    });

  /** After a workflow step: the page stays, with the article as saved. */
  const stayed = (updated: Article, title: string) => {
    storeEditCopy(updated);
    toast({ title });
    setRound((r) => r + 1);
  };

  const submitAndSend: FormAction = async (values, draft) => {
    try {
      const saved = await save({ ...values, draft: true }, draft);
      if (!saved) return;
      await submitForReview.mutateAsync(articleId);
      stayed({ ...saved, status: 'in_review' }, 'Submitted for review');
    } catch (error) {
      failed(error);
    }
  };

  const scheduleAt =
    (publishAt: string | null): FormAction =>
    async (values, draft) => {
      setScheduleError(null);
      try {
        const saved = await save({ ...values, draft: true }, draft, { publishAt });
        if (!saved) return;
        stayed(saved, publishAt ? `Article scheduled for ${formatDate(publishAt, { withTime: true })}` : 'Article unscheduled: it is a draft again');
      } catch (error) {
        // The time's refusal (in the past, more than a year ahead) belongs beside the field.
        if (error instanceof ApiError && error.status === 400) setScheduleError(error.message);
        else failed(error);
      }
    };

  const submit = async (values: ArticleFormValues, draft?: SubmitDraft) => {
    let updated: Article;
    try {
      // The 'Save as draft' switch goes with the save: publishing or moving to drafts is the same one revision.
      const saved = await save(canPublish ? values : { ...values, draft: true }, draft, canPublish ? { published: !values.draft } : {});
      if (!saved) return;
      updated = saved;
    } catch (error) {
      failed(error);
      return;
    }
    storeEditCopy(updated);
    let imagesFailed: string | false = false;
    if (images) {
      try {
        await images.commit(articleId);
      } catch (error) {
        // A failed upload names its file (docs/product.md#writing); anything else is the general warning.
        imagesFailed = error instanceof Error && error.message.startsWith(MEDIA_MESSAGES.uploadFailed('')) ? error.message : MEDIA_MESSAGES.imagesNotUpdated;
      }
    }
    toast(
      imagesFailed
        ? { variant: 'destructive', title: 'Error', description: imagesFailed }
        : { title: 'Article updated successfully' },
    );
    setSaved(true);
    const target = paths.article(updated.id, updated.slug);
    timer.current = setTimeout(() => void navigate(target), REDIRECT_DELAY_MS);
  };

  return (
    <>
      <ModerationNote note={article.moderationNote ?? null} className="mb-6" />
      <ArticleEditor
        // The session copy is replaced by the loaded article as soon as it arrives.
        key={query.data ? `loaded-${round}` : 'stored-copy'}
        mode="edit"
        initialValues={valuesFromArticle(editedVersion(article))}
        channels={writable}
        locationField={locationField}
        images={images}
        onSubmit={submit}
        onCancel={() => void navigate(paths.article(article.id, article.slug))}
        unsentKey={unsentArticleKey(userId, articleId)}
        submitLabel={saved ? 'Saved' : 'Save'}
        offerCorrection={article.published}
        disabled={saved}
        // Autosaving is the writer's own desk; an editor changing someone else's article saves on Save.
        desk={query.data && isAuthor ? { article: query.data, author: { id: userId, username: article.author.username }, toValues: valuesFromArticle, gallery } : undefined}
        publishSwitch={() => canPublish}
        workflow={
          role === null
            ? undefined
            : ({ submitWith, busy }) => (
                <WorkflowPanel
                  role={role}
                  status={article.status}
                  publishAt={article.publishAt}
                  reviewNote={article.reviewNote}
                  isAuthor={isAuthor}
                  busy={busy}
                  onSubmitForReview={() => submitWith(submitAndSend)}
                  onSchedule={(publishAt) => submitWith(scheduleAt(publishAt))}
                  onUnschedule={() => submitWith(scheduleAt(null))}
                  scheduleError={scheduleError}
                />
              )
        }
      />
    </>
  );
}

/** The edit page's spinner text (docs/product.md#writing). */
function LoadingArticle() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center gap-3 text-muted-foreground">
      <Spinner label="Loading article..." />
      <span aria-hidden="true">Loading article...</span>
    </div>
  );
}

function Message({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div role="alert" className="space-y-1 rounded-md border border-dashed p-6">
      {title && <p className="font-semibold">{title}</p>}
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}
