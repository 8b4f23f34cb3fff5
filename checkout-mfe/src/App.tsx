import React, { useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { FormikHelpers } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import type { Order } from '@dentalmarket/contracts';
import { SUBMITTED_FOR_APPROVAL } from '@dentalmarket/contracts/practices';
import { cartActions, cartChangeMessage, selectCartCount, useAppDispatch, useAppSelector, useCartRecheck } from '@dentalmarket/store';
import { BackToMarketplaceButton, registerMuiInstance, registerReactInstance, toastMessage } from '@dentalmarket/ui';
import { CheckoutForm } from './form/CheckoutForm.js';
import type { CheckoutValues } from './form/checkoutSchema.js';
import { OrderCompleted } from './checkout/OrderCompleted.js';
import { OrderSummary } from './checkout/OrderSummary.js';
import { usePlaceOrder } from './checkout/usePlaceOrder.js';
import { usePracticeOrdering } from './form/PurchaseOrderCard.js';
import { useSaveToAddressBook } from './form/useSaveToAddressBook.js';

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

/**
 * The checkout remote (SPEC §2 Checkout): the empty cart, the form beside the order summary, and
 * the completed order. A valid submit shows 'Processing...' while the payment is simulated (2 s,
 * SPEC §4) and the order is placed with POST /api/orders (issue 18); then the completed view shows
 * its number, the cart is cleared and the form reset. A refused order leaves the form as it was.
 */
export default function CheckoutApp() {
  const count = useAppSelector(selectCartCount);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const [completed, setCompleted] = useState<Order | null>(null);
  const practice = usePracticeOrdering();
  const submitOrder = usePlaceOrder(practice ? practice.tax_exempt_now : undefined);
  const saveToBook = useSaveToAddressBook();
  // the lines are checked against the catalogue before anyone pays for a deleted product or an old price
  useCartRecheck({
    skip: completed !== null,
    onChanged: (changes) => {
      const { title, description } = cartChangeMessage(changes);
      enqueueSnackbar(toastMessage(title, description), { variant: 'warning' });
    },
  });

  const placeOrder = async (values: CheckoutValues, { resetForm }: FormikHelpers<CheckoutValues>) => {
    const order = await submitOrder(values);
    if (!order) return; // the hook told the shopper why; the form keeps what they typed
    if (values.saveAddress) await saveToBook(values);
    dispatch(cartActions.clearCart());
    resetForm(); // the card details leave memory with the form
    setCompleted(order);
    if (order.status === 'awaiting_approval') enqueueSnackbar(toastMessage(SUBMITTED_FOR_APPROVAL, "An owner of your practice has been asked to approve it."), { variant: 'success' });
    else enqueueSnackbar(toastMessage('Order completed successfully!', 'Your order has been placed and will be processed shortly.'), { variant: 'success' });
  };

  if (completed) return <OrderCompleted order={completed} />;
  if (count === 0) return <EmptyCart />;
  return (
    <Box>
      <BackToMarketplaceButton />
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        Checkout
      </Typography>
      {/* minmax(0, …): a long product name wraps in the summary instead of widening the page or squeezing the form */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <CheckoutForm onSubmit={placeOrder} />
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <OrderSummary />
        </Box>
      </Box>
    </Box>
  );
}
