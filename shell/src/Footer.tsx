import { Box, Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/**
 * The foot of every page: the ways around that are not in the header, above all the guest's order
 * look-up (issue 32: a guest could not find it anywhere). The same for every visitor, so the server's
 * HTML is right before the session is known.
 */
export function Footer() {
  return (
    <Box component="footer" sx={{ mt: 6, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="xl" sx={{ py: 3, display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box component="nav" aria-label="Footer" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 3 } }}>
          <Link component={RouterLink} to="/marketplace">
            Marketplace
          </Link>
          <Link component={RouterLink} to="/orders/lookup">
            Find an order
          </Link>
          <Link component={RouterLink} to="/orders">
            Your orders
          </Link>
        </Box>
        <Typography variant="body2" color="text.secondary">
          DentalMarket — equipment, services and partner products for dental practices
        </Typography>
      </Container>
    </Box>
  );
}
