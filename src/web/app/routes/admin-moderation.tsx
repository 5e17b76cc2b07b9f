import type { LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { queryClientOf } from '@/lib/router-context';
import { adminUsersQueryOptions, moderationLogQueryOptions, reportQueueQueryOptions } from '@/features/moderation/api/moderation';
import { AdminModerationView } from '@/features/moderation/components/moderation-page';
import { admin } from '../route-guards';

/** Administrators only (others go home); the site's report queue, suspended accounts and log. */
export async function loader(args: LoaderFunctionArgs) {
  await admin(args);
  const queryClient = queryClientOf(args.context);
  await Promise.all([
    queryClient.prefetchInfiniteQuery(reportQueueQueryOptions(null)),
    queryClient.prefetchInfiniteQuery(adminUsersQueryOptions({ suspended: true })),
    queryClient.prefetchInfiniteQuery(moderationLogQueryOptions(null)),
  ]);
  return null;
}

/** /admin/moderation (docs/product.md#moderation). */
export default function AdminModerationPage() {
  return (
    <>
      <DocumentTitle title={pageTitle('Moderation')} />
      <AdminModerationView />
    </>
  );
}
