import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@contract/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { useIsAdmin } from '../api/get-is-admin';
import { useAuth } from './auth-provider';

/**
 * Signed-in users only: a spinner while the session is checked, then anonymous visitors go to
 * /auth (spec 1 section 2). Wraps `children`, or is used as a layout route (renders the Outlet).
 */
export function ProtectedRoute({ children, redirectTo = paths.auth }: { children?: ReactNode; redirectTo?: string }) {
  const { user, isLoading, signingOut } = useAuth();
  const location = useLocation();
  // After a logout this page shows only until the home page replaces it (spec 1 section 2: logout returns to /).
  if (isLoading || (!user && signingOut)) return <PageSpinner />;
  if (!user) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** Administrators only: a spinner while checking; not an admin, an error or a failed check go to / (spec 1 section 2). */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { isAdmin, isChecking } = useIsAdmin();
  if (isChecking) return <PageSpinner />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
