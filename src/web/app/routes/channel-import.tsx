import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { fromSource } from '@/lib/server-data';
import { pageTitle } from '@/lib/site';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import { ChannelImport } from '@/features/imports/components/channel-import';
import { signedIn } from '../route-guards';

/** Only the channel's owner and admins may import; the past-imports list answers 403/404 otherwise. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await signedIn(args);
  const id = channelIdFromParam(args.params.id);
  if (id === null) return data({ refused: 404 }, { status: 404 });
  try {
    await queryClientOf(args.context).fetchQuery({
      queryKey: ['imports', 'allowed', id],
      // On the server the page's data source answers (a relative fetch has no host there); in the
      // browser the past-imports list itself says 403 or 404.
      queryFn: fromSource(
        async (source) => {
          const channel = await source.channel(id);
          if (!channel) throw new ApiError(404, 'Channel not found');
          if (channel.userId !== user.id && !user.isAdmin) throw new ApiError(403, 'Not allowed');
          return true;
        },
        (signal) => apiRequest('GET', `/api/channels/${id}/imports?limit=1`, undefined, { signal }),
      ),
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({ refused: error.status }, { status: error.status });
    throw error;
  }
  return { refused: null };
}

/** /channels/{id}/import: import an export from another platform into the channel. */
export default function ChannelImportPage() {
  const { id } = useParams();
  const { refused } = useLoaderData<typeof loader>();
  return (
    <>
      <DocumentTitle title={pageTitle('Import')} />
      <ChannelImport channelId={channelIdFromParam(id)} refused={refused} />
    </>
  );
}
