import { useEffect, useRef } from 'react';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassTop from '@mui/icons-material/HourglassTopOutlined';
import { SUBMITTED_FOR_APPROVAL } from '@dentalmarket/contracts/practices';
import { Link as RouterLink } from 'react-router';
import { orderPagePath, type Order } from '@dentalmarket/contracts';
import { selectCurrentUser, useAppSelector } from '@dentalmarket/store';

/**
 * SPEC §2 Checkout, state 3, with the order's number and a link to it (issue 18): the signed-in
 * shopper's order page, or for a guest the lookup with the number filled in. The form that held
 * focus is gone, so focus moves to the heading (not to <body>): a screen reader announces the
 * outcome and Tab continues from here.
 */
export function OrderCompleted({ order }: { order: Pick<Order, 'number' | 'email'> & Partial<Pick<Order, 'status'>> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  useEffect(() => heading.current?.focus(), []);
  // issue 36: an order that needs an owner's approval is submitted, not placed
  const awaiting = order.status === 'awaiting_approval';
  return (
    <Box sx={{ textAlign: 'center', py: 10 }} role="status">
      {awaiting ? <HourglassTop sx={{ fontSize: 64, color: 'secondary.main', mb: 2 }} /> : <CheckCircleOutline sx={{ fontSize: 64, color: 'success.main', mb: 2 }} />}
      <Typography ref={heading} tabIndex={-1} variant="h2" component="h1" gutterBottom sx={{ '&:focus': { outline: 'none' } }}>
        {awaiting ? SUBMITTED_FOR_APPROVAL : 'Order Completed!'}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Your order number is{' '}
        <Link component={RouterLink} to={orderPagePath(order.number, signedIn)} sx={{ fontWeight: 700 }}>
          {order.number}
        </Link>
        .
      </Typography>
      {awaiting ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          An owner of your practice has been emailed to approve it. It is placed, and confirmed by email, once an owner approves it.
        </Typography>
      ) : (
        <>
          <Typography color="text.secondary">Thank you for your order. It will be processed shortly.</Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            A confirmation email has been sent to you.
          </Typography>
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <Button component={RouterLink} to={orderPagePath(order.number, signedIn)} variant="outlined">
          View order
        </Button>
        <Button component={RouterLink} to="/" variant="contained">
          Return to Marketplace
        </Button>
      </Stack>
    </Box>
  );
}
