import { Box, Button, Divider, Drawer, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import { formatUsd } from '@dentalmarket/contracts';
import { selectCartCount, selectCartSubtotalCents, useAppSelector } from '@dentalmarket/store';
import { CartLines, useCartChanges } from '@dentalmarket/ui';

/** The cart from any page: its lines with quantities and remove, the subtotal, and 'Checkout'. */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotalCents);
  const change = useCartChanges();
  // cart recheck: useCartRecheck wired here by the lead
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}>
      {/* named by its heading: the drawer is a dialog, 'Your cart' */}
      <Box role="dialog" aria-modal="true" aria-labelledby="cart-drawer-title" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography id="cart-drawer-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            Your cart
          </Typography>
          <IconButton aria-label="Close cart" onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }}>
          {count === 0 ? (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
              Your cart is empty
            </Typography>
          ) : (
            <CartLines />
          )}
        </Box>
        <Divider />
        <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600 }}>Subtotal</Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="cart-drawer-subtotal">
              {formatUsd(subtotal)}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/checkout" variant="contained" size="large" onClick={onClose}>
            Checkout
          </Button>
          {count > 0 && (
            <Button color="inherit" onClick={change.clear}>
              Clear cart
            </Button>
          )}
        </Box>
      </Box>
    </Drawer>
  );
}
