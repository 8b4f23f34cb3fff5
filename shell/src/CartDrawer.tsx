import { Alert, Box, Button, Divider, Drawer, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import { formatUsd, type CartItem } from '@dentalmarket/contracts';
import { useEffect, useState } from 'react';
import { cartChangeMessage, selectCartCount, selectCartSubtotalCents, useAppSelector, useCartRecheck } from '@dentalmarket/store';
import { CartLines, useCartChanges, useDismissAllToasts } from '@dentalmarket/ui';

/**
 * The cart from any page: its lines with quantities and remove, the subtotal, and 'Checkout'.
 * 'Clear cart' sits at the top of the lines, away from Checkout (issue 32: right under it on a phone,
 * one slip emptied the cart), and its toast offers Undo. What the re-check changed is said inside the
 * drawer, above the lines, not as a toast over them.
 */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotalCents);
  const change = useCartChanges();
  const [notice, setNotice] = useState<{ title: string; description: string } | null>(null);
  // the lines 'Clear cart' removed, while the drawer is open: its own Undo (the toast's is behind the
  // open drawer for a keyboard or screen reader)
  const [cleared, setCleared] = useState<CartItem[] | null>(null);
  // the toasts shown when it opens ('Added to cart') have said their piece: on a phone the drawer is the
  // whole screen and they covered its first line (issue 32), those still waiting to show too. Toasts
  // made while it is open stay.
  const dismissAllToasts = useDismissAllToasts();
  useEffect(() => {
    if (open) dismissAllToasts();
  }, [open, dismissAllToasts]);
  // Each opening re-checks the lines against the catalogue: gone products drop out, prices follow.
  useCartRecheck({ skip: !open, onChanged: (changes) => setNotice(cartChangeMessage(changes)) });
  const close = () => {
    setNotice(null);
    setCleared(null);
    onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      // MUI makes the temporary drawer's paper the dialog; its heading names it 'Your cart'
      slotProps={{ paper: { 'aria-labelledby': 'cart-drawer-title', sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography id="cart-drawer-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            Your cart
          </Typography>
          <IconButton aria-label="Close cart" onClick={close}>
            <Close />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }}>
          {notice && (
            <Alert severity="warning" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
              <Box sx={{ fontWeight: 600 }}>{notice.title}</Box>
              {notice.description}
            </Alert>
          )}
          {count === 0 ? (
            <Box sx={{ py: 6, textAlign: 'center' }}>
              <Typography color="text.secondary">Your cart is empty</Typography>
              {cleared && cleared.length > 0 && (
                <Button
                  sx={{ mt: 2 }}
                  onClick={() => {
                    change.restore(cleared);
                    setCleared(null);
                  }}
                >
                  Undo clear cart
                </Button>
              )}
            </Box>
          ) : (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1, mb: 1 }}>
                <Button size="small" color="inherit" onClick={() => setCleared(change.clear())}>
                  Clear cart
                </Button>
              </Box>
              <CartLines />
            </>
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
          <Button component={RouterLink} to="/checkout" variant="contained" size="large" onClick={close}>
            Checkout
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
