import { Box, Button, Divider, IconButton, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Remove from '@mui/icons-material/Remove';
import { useSnackbar } from 'notistack';
import type { CartItem } from '@dentalmarket/contracts';
import { cartActions, selectCartItems, useAppDispatch, useAppSelector } from '@dentalmarket/store';
import { Price } from './Price.js';
import { placeholderSx } from './theme.js';
import { DismissToast, toastMessage } from './toast.js';

/** Cart changes with the toasts of SPEC §8 (Cart and modal). */
export function useCartChanges() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const items = useAppSelector(selectCartItems);
  return {
    setQuantity(item: CartItem, quantity: number) {
      dispatch(cartActions.updateQuantity({ id: item.id, quantity }));
      if (quantity <= 0) enqueueSnackbar(toastMessage('Removed from cart', item.name), { variant: 'info' });
      else enqueueSnackbar(toastMessage('Cart updated', `Updated quantity for ${item.name}`), { variant: 'success' });
    },
    remove(item: CartItem) {
      dispatch(cartActions.removeFromCart(item.id));
      enqueueSnackbar(toastMessage('Removed from cart', item.name), { variant: 'info' });
    },
    /** Puts lines back as they were (Undo of clear). */
    restore(lines: CartItem[]) {
      dispatch(cartActions.replaceCart(lines));
    },
    /**
     * Empties the cart; its toast offers Undo, which puts the lines back as they were (issue 32: one
     * tap emptied it for good). Gives the lines it removed, for an Undo of the caller's own.
     */
    clear(): CartItem[] {
      const before = items;
      dispatch(cartActions.clearCart());
      enqueueSnackbar(toastMessage('Cart cleared', 'All items have been removed from your cart'), {
        variant: 'info',
        action: (id) => (
          <>
            <Button
              color="inherit"
              size="small"
              sx={{ fontWeight: 700, textDecoration: 'underline' }}
              onClick={() => {
                dispatch(cartActions.replaceCart(before));
                closeSnackbar(id);
              }}
            >
              Undo
            </Button>
            <DismissToast id={id} />
          </>
        ),
      });
      return before;
    },
  };
}

function LineImage({ item }: { item: CartItem }) {
  if (!item.image_url) {
    return (
      <Box sx={{ width: 64, height: 48, borderRadius: 1, ...placeholderSx, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
        <Typography variant="caption">
          No image
        </Typography>
      </Box>
    );
  }
  return <Box component="img" src={item.image_url} alt="" sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />;
}

/** The cart's lines (image or 'No image', name, manufacturer, 'Qty: n' with − / + / remove, price): the checkout summary and the cart drawer. */
export function CartLines() {
  const items = useAppSelector(selectCartItems);
  const change = useCartChanges();
  return (
    <Stack component="ul" divider={<Divider flexItem component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Box component="li" key={item.id} aria-label={item.name} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <LineImage item={item} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {/* two lines, then an ellipsis: a long name never widens the drawer or the checkout summary */}
            <Typography sx={{ fontWeight: 600, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }} title={item.name}>
              {item.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {item.manufacturer}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <IconButton size="small" aria-label={`Decrease quantity of ${item.name}`} onClick={() => change.setQuantity(item, item.quantity - 1)}>
                <Remove fontSize="small" />
              </IconButton>
              <Typography variant="body2">Qty: {item.quantity}</Typography>
              <IconButton size="small" aria-label={`Increase quantity of ${item.name}`} onClick={() => change.setQuantity(item, item.quantity + 1)}>
                <Add fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Remove ${item.name}`} onClick={() => change.remove(item)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Box>
          </Box>
          <Price price={item.price} quantity={item.quantity} sx={{ fontWeight: 600, whiteSpace: 'nowrap', flexShrink: 0 }} />
        </Box>
      ))}
    </Stack>
  );
}
