import { useState } from 'react';
import { Badge, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import Fab from '@mui/material/Fab';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import { CART_STORAGE_KEY, DEBUG_TEST_PRODUCT_ID } from '@dentalmarket/contracts';
import { cartActions, selectCartCount, selectCartItems, useAppDispatch, useAppSelector } from '@dentalmarket/store';

/**
 * SPEC §2 Cart debugger overlay, for developers and support: a toggle button; the open panel shows
 * the item count and the cart's contents, and can add a test item (product id 999), clear the
 * cart, or reset the stored cart (removes `shopping-cart` and reloads the page). The shell shows it
 * only while the browser setting `showCartDebugger` is 'true'.
 */
export default function CartDebugger() {
  const [open, setOpen] = useState(false);
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const dispatch = useAppDispatch();

  const addTestItem = () =>
    dispatch(cartActions.addToCart({ product: { id: DEBUG_TEST_PRODUCT_ID, name: 'Debug Test Item', manufacturer: 'DentalMarket QA', price: '9.99', image_url: null } }));
  const resetStoredCart = () => {
    localStorage.removeItem(CART_STORAGE_KEY);
    window.location.reload();
  };

  return (
    <>
      {/* room at the end of the page, so whatever is last can scroll clear of the button */}
      <Box aria-hidden sx={{ height: 72 }} data-testid="cart-debugger-spacer" />
      {/* under the app bar, drawers and dialogs (a phone's full-screen product modal covers it, Close included) */}
      <Box sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.fab, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
        {open && (
          <Paper elevation={8} role="region" aria-label="Cart debugger" sx={{ width: 320, maxHeight: '60vh', overflow: 'auto', p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Cart debugger
            </Typography>
            <Typography variant="body2" data-testid="cart-debugger-count">
              Items in cart: {count}
            </Typography>
            <Divider sx={{ my: 1 }} />
            {items.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                The cart is empty.
              </Typography>
            ) : (
              <Box component="pre" tabIndex={0} role="region" aria-label="Cart contents" sx={{ fontSize: 12, m: 0, maxHeight: '40vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {JSON.stringify(items, null, 2)}
              </Box>
            )}
            <Divider sx={{ my: 1 }} />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button size="small" variant="outlined" onClick={addTestItem}>
                Add test item
              </Button>
              <Button size="small" variant="outlined" onClick={() => dispatch(cartActions.clearCart())}>
                Clear cart
              </Button>
              <Button size="small" variant="outlined" color="warning" onClick={resetStoredCart}>
                Reset stored cart
              </Button>
            </Stack>
          </Paper>
        )}
        <Fab size="small" color="secondary" aria-label={`${open ? 'Hide' : 'Show'} cart debugger, ${count} in cart`} aria-expanded={open} onClick={() => setOpen(!open)}>
          <Badge badgeContent={count} color="primary" max={999}>
            <BugReportOutlined />
          </Badge>
        </Fab>
      </Box>
    </>
  );
}
