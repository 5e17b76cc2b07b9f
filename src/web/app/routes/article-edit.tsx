import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { articleIdFromSegment } from '@contract/paths';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { EditArticle } from '@/app/writing/edit-article';
import { LocationPicker } from '@/features/geo/components/location-picker';
import { articleQueryOptions, useArticle } from '@/features/articles/api/articles';
import { queryClientOf } from '@/lib/router-context';
import { staffChannelsQueryOptions, useStaffChannels } from '@/features/staff/api/staff-queries';
import { signedInOrHome } from '../route-guards';
import { useArticleImagesField } from '@/features/media/components/image-uploader';
import { ArticleGallery } from '@/features/media/components/article-gallery';

/** /articles/{id}/edit (docs/product.md#writing; signed-out visitors go to /, see the router). */
export default function EditArticlePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const articleId = /^\d+$/.test(id) ? articleIdFromSegment(id) : null;
  // The uploader starts from the article's saved images (same cached query as the form's).
  const images = useArticleImagesField(useArticle(articleId).data?.images);
  const staffChannels = useStaffChannels(user !== null);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle('Edit Article')} />
      <h1 className="mb-6 font-serif text-4xl font-bold tracking-tight">Edit Article</h1>
      {articleId === null || !user ? (
        <p role="alert" className="text-muted-foreground">
          Article data could not be loaded. Please go back to the article and try again.
        </p>
      ) : (
        <EditArticle
          articleId={articleId}
          userId={user.id}
          locationField={LocationPicker}
          images={images}
          gallery={ArticleGallery}
          // Their role in the article's channel decides the status panel; a failed read leaves their own channels.
          staffChannels={staffChannels.data ?? (staffChannels.isError ? [] : undefined)}
        />
      )}
    </div>
  );
}

/**
 * The article, for its author and the channel's owner and editors (the form opens filled in, from
 * the HTML itself, with the viewer's staff channels for the status panel); a signed-out visitor goes home.
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedInOrHome(args);
  const id = /^\d+$/.test(args.params.id ?? '') ? articleIdFromSegment(args.params.id!) : null;
  if (id === null) throw data(null, { status: 404 });
  const queryClient = queryClientOf(args.context);
  const [article] = await Promise.all([queryClient.ensureQueryData(articleQueryOptions(id)), queryClient.prefetchQuery(staffChannelsQueryOptions())]);
  return article ? null : data(null, { status: 404 });
}
