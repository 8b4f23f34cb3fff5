import { Box, Card, CardContent, Divider, IconButton, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Remove from '@mui/icons-material/Remove';
import { useSnackbar } from 'notistack';
import { formatUsd, type CartItem } from '@dentalmarket/contracts';
import { cartActions, selectCartCount, selectCartItems, selectCartSubtotalCents, useAppDispatch, useAppSelector } from '@dentalmarket/store';
import { Price, toastMessage } from '@dentalmarket/ui';
import { orderTotals } from './totals.js';

function LineImage({ item }: { item: CartItem }) {
  if (!item.image_url) {
    return (
      <Box sx={{ width: 64, height: 48, borderRadius: 1, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
        <Typography variant="caption" color="text.secondary">
          No image
        </Typography>
      </Box>
    );
  }
  return <Box component="img" src={item.image_url} alt="" sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  );
}

/** The order summary beside the checkout form (SPEC §2 Checkout, state 2). */
export function OrderSummary() {
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const totals = orderTotals(useAppSelector(selectCartSubtotalCents));
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();

  const remove = (item: CartItem) => {
    dispatch(cartActions.removeFromCart(item.id));
    enqueueSnackbar(toastMessage('Removed from cart', item.name), { variant: 'info' });
  };

  return (
    <Card component="section" aria-label="Order summary">
      <CardContent>
        <Typography variant="h3" component="h2" gutterBottom>
          Order Summary
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {count} {count === 1 ? 'item' : 'items'} in your cart
        </Typography>
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {items.map((item) => (
            <Box key={item.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <LineImage item={item} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap title={item.name}>
                  {item.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {item.manufacturer}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <IconButton size="small" aria-label={`Decrease quantity of ${item.name}`} onClick={() => dispatch(cartActions.updateQuantity({ id: item.id, quantity: item.quantity - 1 }))}>
                    <Remove fontSize="small" />
                  </IconButton>
                  <Typography variant="body2">Qty: {item.quantity}</Typography>
                  <IconButton size="small" aria-label={`Increase quantity of ${item.name}`} onClick={() => dispatch(cartActions.updateQuantity({ id: item.id, quantity: item.quantity + 1 }))}>
                    <Add fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Remove ${item.name}`} onClick={() => remove(item)}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
              <Price price={item.price} quantity={item.quantity} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} />
            </Box>
          ))}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Row label="Subtotal" value={formatUsd(totals.subtotal)} />
        <Row label="Shipping" value={formatUsd(totals.shipping)} />
        <Row label="Tax" value={formatUsd(totals.tax)} />
        <Divider sx={{ my: 1 }} />
        <Row label="Total" value={formatUsd(totals.total)} strong />
      </CardContent>
    </Card>
  );
}
