import { DocumentTitle } from '@/components/document-title';
import { lazy, Suspense } from 'react';
import { pageTitle } from '@/lib/site';
import { PageSpinner } from '@/components/ui/spinner';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

// The charts load only when the Site Analytics tab is opened (issue 18).
const SiteAnalytics = lazy(() => import('@/features/analytics/components/channel-analytics').then((m) => ({ default: m.SiteAnalytics })));

/** /admin (spec 2 section 2). The router wraps it in AdminRoute: a spinner while checking, non-admins go to /. */
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
