import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

/** /admin (spec 2 section 2). The router wraps it in AdminRoute: a spinner while checking, non-admins go to /. */
export default function AdminPage() {
  return (
    <>
      <DocumentTitle title={pageTitle('Admin Dashboard')} />
      <AdminDashboard />
    </>
  );
}
