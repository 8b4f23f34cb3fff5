import { Box, Button, Divider, Drawer, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import { formatUsd } from '@dentalmarket/contracts';
import { useSnackbar } from 'notistack';
import { cartChangeMessage, selectCartCount, selectCartSubtotalCents, useAppSelector, useCartRecheck } from '@dentalmarket/store';
import { CartLines, toastMessage, useCartChanges } from '@dentalmarket/ui';

/** The cart from any page: its lines with quantities and remove, the subtotal, and 'Checkout'. */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotalCents);
  const change = useCartChanges();
  const { enqueueSnackbar } = useSnackbar();
  // Each opening re-checks the lines against the catalogue: gone products drop out, prices follow.
  useCartRecheck({
    skip: !open,
    onChanged: (changes) => {
      const { title, description } = cartChangeMessage(changes);
      enqueueSnackbar(toastMessage(title, description), { variant: 'warning' });
    },
  });
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // MUI makes the temporary drawer's paper the dialog; its heading names it 'Your cart'
      slotProps={{ paper: { 'aria-labelledby': 'cart-drawer-title', sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
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
