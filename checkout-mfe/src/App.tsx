import React from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { Link as RouterLink } from 'react-router';
import { selectCartCount, useAppSelector } from '@dentalmarket/store';
import { BackToMarketplaceButton, registerMuiInstance, registerReactInstance } from '@dentalmarket/ui';
import { OrderSummary } from './OrderSummary.js';

registerReactInstance(React);
registerMuiInstance(Box);

function EmptyCart() {
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <ShoppingCartOutlined sx={{ fontSize: 64, color: 'text.disabled', mb: 2 }} />
      <Typography variant="h2" component="h1" gutterBottom>
        Your cart is empty
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There are no items in your cart yet. Browse the marketplace for dental practice equipment.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Continue Shopping
      </Button>
    </Box>
  );
}

/** The checkout remote: empty state, or the order summary (the checkout form comes with its own capability). */
export default function CheckoutApp() {
  const count = useAppSelector(selectCartCount);
  if (count === 0) return <EmptyCart />;
  return (
    <Box>
      <BackToMarketplaceButton />
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        Checkout
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent>
            <Typography variant="h3" component="h2" gutterBottom>
              Shipping and payment
            </Typography>
            <Typography color="text.secondary">
              Online ordering opens soon. Review your items and totals here; your cart is kept on this device.
            </Typography>
          </CardContent>
        </Card>
        <OrderSummary />
      </Box>
    </Box>
  );
}
