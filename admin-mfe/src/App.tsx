import React from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { selectIsAdmin, useAppSelector } from '@dentalmarket/store';
import { BackToMarketplaceButton, registerReactInstance } from '@dentalmarket/ui';

registerReactInstance(React);

/** The admin remote, loaded only on /admin. The server enforces the admin role on every admin call. */
export default function AdminApp() {
  const isAdmin = useAppSelector(selectIsAdmin);
  if (!isAdmin) {
    return <Typography sx={{ py: 6, textAlign: 'center' }}>The admin dashboard is for administrators.</Typography>;
  }
  return (
    <Box>
      <BackToMarketplaceButton />
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        Admin Dashboard
      </Typography>
      <Card>
        <CardContent>
          <Typography color="text.secondary">
            Catalogue management, AI product generation and settings will appear here.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
