import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@dentalmarket/ui';
import { selectCurrentUser, selectSessionStatus, useAppSelector } from '@dentalmarket/store';

/** SPEC §2 Route guard: spinner while the session loads; no user → /auth; not admin on an admin route → /. */
export function RouteGuard({ requireAdmin = false, children }: { requireAdmin?: boolean; children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  if (status === 'loading') return <PageSpinner label="Loading session" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (requireAdmin && user.role !== 'admin') return <Navigate to="/" replace />;
  return <>{children}</>;
}
