import { useEffect, useRef } from 'react';
import { Box, Button, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Link as RouterLink } from 'react-router';

/**
 * SPEC §2 Checkout, state 3. The form that held focus is gone, so focus moves to the heading
 * (not to <body>): a screen reader announces the outcome and Tab continues from here.
 */
export function OrderCompleted() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ textAlign: 'center', py: 10 }} role="status">
      <CheckCircleOutline sx={{ fontSize: 64, color: 'success.main', mb: 2 }} />
      <Typography ref={heading} tabIndex={-1} variant="h2" component="h1" gutterBottom sx={{ '&:focus': { outline: 'none' } }}>
        Order Completed!
      </Typography>
      <Typography color="text.secondary">Thank you for your order. It will be processed shortly.</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A confirmation email has been sent to you.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Return to Marketplace
      </Button>
    </Box>
  );
}
