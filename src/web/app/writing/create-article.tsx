import { MEDIA_MESSAGES } from '@contract/media-rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useCreateArticle, useOwnChannels } from '@/features/articles/api/articles';
import { ARTICLE_MESSAGES } from '@contract/articles';
import { toCreateBody, type ArticleFormValues } from '@/lib/article-form';
import type { ArticleImagesSeam, FormAction, LocationFieldComponent, SubmitDraft } from '@/features/articles/components/article-form-seams';
import { ArticleEditor } from './article-editor';
import { canPublishIn, STAFF_MESSAGES } from '@contract/staff-rules';
import { useSubmitForReview } from '@/features/workflow/api/workflow';
import { useFormatArticleDate } from '@/lib/format-date';
import { roleInChannel, writableChannels, type StaffChannelRef } from '@/features/workflow/lib/workflow';
import { WorkflowPanel } from '@/features/workflow/components/workflow-panel';
import { emptyFormValues, toUpdateBody, valuesFromArticle } from '@/lib/article-form';
import type { Article } from '@contract/articles';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { articleDetailKey, invalidateArticleLists } from '@/lib/article-cache';
import type { PreviewGalleryComponent } from '@/features/articles/components/article-preview';

/** The page moves on 1500 ms after saving (docs/product.md#writing). */
export const REDIRECT_DELAY_MS = 1500;

/**
 * The Create Article form (docs/product.md#writing): default channel from the route, else the selected
 * channel, else the user's first; no channels sends the user to /channels/new; after saving,
 * the article opens about 1.5 s later. The channels are the user's own, then those they are staff
 * of with their role (docs/product.md#newsroom): in a writer's channel every save is a draft, and
 * 'Submit for review' files it; in an owner's or editor's, 'Schedule' sets its time.
 */
export function CreateArticle({
  signedIn,
  routeChannelId,
  selectedChannelId,
  locationField,
  images,
  unsentKey,
  author,
  gallery,
  staffChannels,
}: {
  /** The channels the user is staff of, with their role; undefined while loading. */
  staffChannels?: StaffChannelRef[];
  /** The writer: with them, the article is saved to the server as a draft while it is written, and previewed. */
  author?: { id: number; username: string };
  /** The article page's gallery, for the Preview. */
  gallery?: PreviewGalleryComponent;
  /** Where the unsent article is kept in this browser (drafts' lib/unsent-article). */
  unsentKey?: string;
  signedIn: boolean;
  routeChannelId: number | null;
  selectedChannelId: number | null;
  locationField: LocationFieldComponent;
  images?: ArticleImagesSeam;
}) {
  const navigate = useNavigate();
  const channels = useOwnChannels(signedIn);
  const create = useCreateArticle();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const own = useMemo(() => channels.data ?? [], [channels.data]);
  const staff = useMemo(() => staffChannels ?? [], [staffChannels]);
  const writable = useMemo(() => writableChannels(own, staff), [own, staff]);
  // Staff of a channel has somewhere to write: only someone with neither is sent to create one.
  const noChannels = channels.isSuccess && staffChannels !== undefined && writable.length === 0;
  const submitForReview = useSubmitForReview();
  const formatDate = useFormatArticleDate();
  const [scheduleError, setScheduleError] = useState<string | null>(null);

  useEffect(() => {
    if (!noChannels) return;
    const t = setTimeout(() => void navigate(paths.newChannel, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [noChannels, navigate]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (channels.isPending || (signedIn && staffChannels === undefined)) return <PageSpinner label="Loading your channels" />;
  if (channels.isError) return <p className="text-destructive">{errorMessage(channels.error, 'Something went wrong')}</p>;
  if (noChannels) {
    return (
      <div className="space-y-4 rounded-md border border-dashed p-6">
        <p>No channels available. Please create a channel first.</p>
        <Button asChild>
          <Link to={paths.newChannel}>Create Channel</Link>
        </Button>
      </div>
    );
  }

  const isOwn = (id: number | null) => id !== null && writable.some((c) => c.id === id);
  const defaultChannelId = isOwn(routeChannelId) ? routeChannelId : isOwn(selectedChannelId) ? selectedChannelId : (writable[0]?.id ?? null);
  const roleFor = (channelId: number | null) => roleInChannel(channelId, own, staff);
  const choices = writable.map((c) => ({ id: c.id, name: c.role === 'owner' ? c.name : `${c.name} (${STAFF_MESSAGES.roleLabels[c.role]})` }));
  const initialValues: ArticleFormValues = emptyFormValues(defaultChannelId);

  /** The draft its autosaves created: saved with the form's values, then published unless kept as a draft. */
  const saveDraft = async (id: number, values: ArticleFormValues, draft: SubmitDraft): Promise<Article> => {
    // Published with the save itself: one action, one revision of the public record.
    const article = await apiRequest<Article>('PATCH', `/api/articles/${id}`, {
      ...toUpdateBody(values),
      ...(values.draft ? {} : { published: true }),
      ...(draft.baseSavedAt ? { baseSavedAt: draft.baseSavedAt } : {}),
    });
    queryClient.setQueryData(articleDetailKey(id), article);
    void invalidateArticleLists(queryClient);
    return article;
  };

  /** Saved as a draft, through the autosaved draft when there is one; null after a conflict (the form asks). */
  const saveAsDraft = async (values: ArticleFormValues, draft: SubmitDraft | undefined, publishAt?: string | null): Promise<Article | null> => {
    const asDraft = { ...values, draft: true };
    try {
      if (draft?.articleId != null) {
        const article = await apiRequest<Article>('PATCH', `/api/articles/${draft.articleId}`, {
          ...toUpdateBody(asDraft),
          ...(publishAt !== undefined ? { publishAt } : {}),
          ...(draft.baseSavedAt ? { baseSavedAt: draft.baseSavedAt } : {}),
        });
        queryClient.setQueryData(articleDetailKey(article.id), article);
        void invalidateArticleLists(queryClient);
        return article;
      }
      return await create.mutateAsync({ ...toCreateBody(asDraft), ...(publishAt !== undefined ? { publishAt } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && draft) {
        await draft.conflicted();
        return null;
      }
      throw error;
    }
  };

  /** A workflow step done: its toast, then the editor of the saved article, where the status panel says where it stands. */
  const moveOn = async (article: Article, title: string) => {
    if (images) await images.commit(article.id).catch(() => toast({ variant: 'destructive', title: 'Error', description: MEDIA_MESSAGES.draftWithoutImages }));
    toast({ title });
    setSaved(true);
    timer.current = setTimeout(() => void navigate(paths.editArticle(article.id)), REDIRECT_DELAY_MS);
  };

  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: 'Error', description: error instanceof ApiError ? error.message || 'Failed to create article' : 'Failed to submit article' });

  const submitAndSend: FormAction = async (values, draft) => {
    if (values.channelId === null) return;
    try {
      const article = await saveAsDraft(values, draft);
      if (!article) return;
      await submitForReview.mutateAsync(article.id);
      await moveOn(article, 'Submitted for review');
    } catch (error) {
      failed(error);
    }
  };

  const scheduleAt =
    (publishAt: string): FormAction =>
    async (values, draft) => {
      if (values.channelId === null) return;
      setScheduleError(null);
      try {
        const article = await saveAsDraft(values, draft, publishAt);
        if (!article) return;
        await moveOn(article, `Article scheduled for ${formatDate(publishAt, { withTime: true })}`);
      } catch (error) {
        // The time's refusal (in the past, more than a year ahead) belongs beside the field.
        if (error instanceof ApiError && error.status === 400) setScheduleError(error.message);
        else failed(error);
      }
    };

  const submit = async (submitted: ArticleFormValues, draft?: SubmitDraft) => {
    // A writer's save is always a draft: publishing is the editors' and the owner's.
    const values = canPublishIn(roleFor(submitted.channelId)) ? submitted : { ...submitted, draft: true };
    if (!signedIn) {
      toast({ variant: 'destructive', title: 'Error', description: ARTICLE_MESSAGES.signInToCreate });
      return;
    }
    if (values.channelId === null) {
      toast({ variant: 'destructive', title: 'Error', description: ARTICLE_MESSAGES.selectChannelForArticle });
      return;
    }
    let article;
    try {
      article = draft?.articleId != null ? await saveDraft(draft.articleId, values, draft) : await create.mutateAsync(toCreateBody(values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && draft) return void (await draft.conflicted());
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError ? error.message || 'Failed to create article' : 'Failed to submit article',
      });
      return;
    }
    let imagesFailed = false;
    if (images) {
      try {
        await images.commit(article.id);
      } catch {
        imagesFailed = true;
      }
    }
    toast(
      imagesFailed
        ? { variant: 'destructive', title: 'Error', description: values.draft ? MEDIA_MESSAGES.draftWithoutImages : MEDIA_MESSAGES.publishedWithoutImages }
        : { title: values.draft ? 'Article saved as draft' : 'Article published successfully' },
    );
    setSaved(true);
    const target = paths.article(article.id, article.slug);
    timer.current = setTimeout(() => void navigate(target), REDIRECT_DELAY_MS);
  };

  return (
    <ArticleEditor
      mode="create"
      initialValues={initialValues}
      channels={choices}
      locationField={locationField}
      images={images}
      onSubmit={submit}
      onInvalid={(errors) => {
        if (!signedIn) toast({ variant: 'destructive', title: 'Error', description: ARTICLE_MESSAGES.signInToCreate });
        else if (errors.channelId) toast({ variant: 'destructive', title: 'Error', description: ARTICLE_MESSAGES.selectChannelForArticle });
      }}
      unsentKey={unsentKey}
      submitLabel={(v) => (saved ? 'Saved' : v.draft || !canPublishIn(roleFor(v.channelId)) ? 'Save Draft' : 'Publish Article')}
      submittingLabel="Saving..."
      disabled={saved}
      desk={author ? { article: null, author, toValues: valuesFromArticle, gallery } : undefined}
      publishSwitch={(v) => canPublishIn(roleFor(v.channelId))}
      workflow={({ values, submitWith, busy }) => {
        const role = roleFor(values.channelId);
        if (role === null) return null;
        return (
          <WorkflowPanel
            role={role}
            status="draft"
            publishAt={null}
            reviewNote={null}
            isAuthor
            busy={busy}
            onSubmitForReview={() => submitWith(submitAndSend)}
            onSchedule={(publishAt) => submitWith(scheduleAt(publishAt))}
            onUnschedule={() => {}}
            scheduleError={scheduleError}
          />
        );
      }}
    />
  );
}
