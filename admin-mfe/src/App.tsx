import React from 'react';
import { Box, Typography } from '@mui/material';
import { selectIsAdmin, useAppSelector, useGetAdminSessionQuery, useGetMeQuery } from '@dentalmarket/store';
import { PageSpinner, registerMuiInstance, registerReactInstance } from '@dentalmarket/ui';
import { AdminDashboard } from './dashboard/AdminDashboard.js';

registerReactInstance(React);
registerMuiInstance(Box);

/** The admin remote, loaded only on /admin. The server enforces the admin role on every admin call. */
export default function AdminApp() {
  // inside the shell the session is already loaded; on the remote's standalone page this loads it
  const { isLoading } = useGetMeQuery();
  const isAdmin = useAppSelector(selectIsAdmin);
  // the server's word on admin access; a session that ended meanwhile shows 'Session Expired'
  useGetAdminSessionQuery(undefined, { skip: !isAdmin, refetchOnMountOrArgChange: true });
  if (isLoading) return <PageSpinner />;
  if (!isAdmin) {
    return <Typography sx={{ py: 6, textAlign: 'center' }}>The admin dashboard is for administrators.</Typography>;
  }
  return <AdminDashboard />;
}
