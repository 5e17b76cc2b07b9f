import { DocumentTitle } from '@/components/document-title';
import { Suspense } from 'react';
import { pageTitle } from '@/lib/site';
import { PageSpinner } from '@/components/ui/spinner';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClientOf } from '@/lib/router-context';
import { adminArticlesQueryOptions, adminChannelsQueryOptions } from '@/features/admin/api/admin';
import { admin } from '../route-guards';

/** Administrators only (others go home); the Articles and Channels tables' first pages. */
export async function loader(args: LoaderFunctionArgs) {
  await admin(args);
  const queryClient = queryClientOf(args.context);
  await Promise.all([queryClient.prefetchInfiniteQuery(adminArticlesQueryOptions('')), queryClient.prefetchInfiniteQuery(adminChannelsQueryOptions(''))]);
  return null;
}
import { lazyWithRetry } from '@/lib/chunk-retry';

// The charts load only when the Site Analytics tab is opened.
const SiteAnalytics = lazyWithRetry(() => import('@/features/analytics/components/channel-analytics').then((m) => ({ default: m.SiteAnalytics })));

/** /admin (docs/product.md#admin). */
export default function AdminPage() {
  return (
    <>
      <DocumentTitle title={pageTitle('Admin Dashboard')} />
      <AdminDashboard
        analytics={
          <Suspense fallback={<PageSpinner label="Loading analytics" />}>
            <SiteAnalytics />
          </Suspense>
        }
      />
    </>
  );
}
