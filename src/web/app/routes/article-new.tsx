import { useParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useSelectedChannel } from '@/lib/selected-channel';
import { useAuth } from '@/features/auth/components/auth-provider';
import { CreateArticle } from '@/app/writing/create-article';
import { unsentArticleKey } from '@/features/drafts/lib/unsent-article';
import { LocationPicker } from '@/features/geo/components/location-picker';
import { useArticleImagesField } from '@/features/media/components/image-uploader';
import { ArticleGallery } from '@/features/media/components/article-gallery';
import { staffChannelsQueryOptions, useStaffChannels } from '@/features/staff/api/staff-queries';
import { queryClientOf } from '@/lib/router-context';
import { signedIn } from '../route-guards';

/**
 * Signed-in writers only; the form's channel choice is the reader's own channels (the root
 * loader's), then the channels they are staff of, rendered with the page.
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedIn(args);
  await queryClientOf(args.context).prefetchQuery(staffChannelsQueryOptions());
  return null;
}

/** /articles/new and /channels/{channelId}/articles/new (docs/product.md#writing; signed-in users). */
export default function NewArticlePage() {
  const { channelId } = useParams();
  const { user } = useAuth();
  const { selectedChannelId } = useSelectedChannel();
  const routeChannelId = channelId && /^\d+$/.test(channelId) ? Number(channelId) : null;
  const images = useArticleImagesField(undefined);
  const staffChannels = useStaffChannels(user !== null);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle('Create Article')} />
      <h1 className="mb-6 font-serif text-4xl font-bold tracking-tight">Create Article</h1>
      <CreateArticle
        signedIn={user !== null}
        routeChannelId={routeChannelId}
        selectedChannelId={selectedChannelId}
        locationField={LocationPicker}
        images={images}
        unsentKey={user ? unsentArticleKey(user.id) : undefined}
        author={user ? { id: user.id, username: user.username } : undefined}
        gallery={ArticleGallery}
        // A failed read leaves the user's own channels to choose from.
        staffChannels={staffChannels.data ?? (staffChannels.isError || !user ? [] : undefined)}
      />
    </div>
  );
}
