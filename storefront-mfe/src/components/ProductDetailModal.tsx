import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, useMediaQuery, DialogActions, DialogContent, DialogTitle, Divider, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Check from '@mui/icons-material/Check';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useSnackbar } from 'notistack';
import { TIMINGS, withHttps, type Product } from '@dentalmarket/contracts';
import { selectIsInCart, useAppSelector, useGetProductQuery } from '@dentalmarket/store';
import { ProductImage, ProductRating, toastMessage } from '@dentalmarket/ui';
import { featureList, modalPriceLine } from '../modalRules.js';
import { partnerLinkTracking } from '../partnerClicks.js';
import { ProductSpecifications } from './ProductSpecifications.js';
import { useAddToCart } from '../useAddToCart.js';
import { RequestServiceButton } from '../serviceRequests/RequestServiceButton.js';

const TYPE_LABELS = { equipment: 'Equipment', service: 'Service', affiliate: 'Partner product' } as const;

function Features({ features }: { features: unknown }) {
  let list: string[];
  try {
    list = featureList(features);
  } catch {
    return <Typography color="error">Error displaying features</Typography>;
  }
  if (list.length === 0) return <Typography color="text.secondary">No features listed</Typography>;
  return (
    <List dense disablePadding>
      {list.map((feature) => (
        <ListItem key={feature} disableGutters>
          <ListItemIcon sx={{ minWidth: 28 }}>
            <Check fontSize="small" color="success" />
          </ListItemIcon>
          <ListItemText primary={feature} />
        </ListItem>
      ))}
    </List>
  );
}

function AddToCartButton({ product, onAdded }: { product: Product; onAdded: () => void }) {
  const inCart = useAppSelector((state) => selectIsInCart(state, product.id));
  const addToCart = useAddToCart();
  const { enqueueSnackbar } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const add = () => {
    setAdding(true);
    try {
      addToCart(product);
      onAdded();
    } catch {
      enqueueSnackbar(toastMessage('Error', 'Failed to add item to cart'), { variant: 'error' });
    } finally {
      setAdding(false);
    }
  };
  return (
    <Button variant="contained" startIcon={<AddShoppingCart />} onClick={add} disabled={adding || inCart || !product.in_stock}>
      {adding ? 'Adding...' : inCart ? 'In Cart' : 'Add to cart'}
    </Button>
  );
}

/**
 * SPEC §2 Product detail modal for `?product=<slug>`: a shareable URL that opens it on load. Closes
 * on Escape, a backdrop click or Close with a 300 ms fade; MUI's Dialog locks page scrolling and
 * keeps focus inside, returning it on close. Equipment closes itself 1500 ms after an add.
 */
export function ProductDetailModal({ slug, onClose }: { slug: string | null; onClose: () => void }) {
  const { data: product, isFetching, isError } = useGetProductQuery(slug ?? '', { skip: !slug });
  // SPEC §9: mobile is under 768 px. The modal may be open on the first render (a shared ?product=
  // link), so that render must not read the screen: not noSsr, whose first render in the browser
  // would differ from the server's. Hydration renders the default (not full screen) as the server
  // did, then the real width; the dialog is in a portal, which shows nothing until then anyway.
  const phone = useMediaQuery('(max-width: 767.95px)', { noSsr: false });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const closeSoon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(onClose, TIMINGS.autoCloseAfterAddMs);
  };
  const shown = product && product.slug === slug ? product : undefined;
  const price = shown ? modalPriceLine(shown) : undefined;

  return (
    <Dialog open={Boolean(slug)} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} transitionDuration={{ enter: 225, exit: TIMINGS.modalCloseMs }} aria-labelledby="product-modal-title">
      <DialogTitle id="product-modal-title">{shown?.name ?? (isError ? 'Product not found' : 'Loading product…')}</DialogTitle>
      {/* it scrolls (the whole page on a phone): reachable and named for the keyboard */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Product details">
        {isError && <Alert severity="warning">This product could not be found. It may have been removed.</Alert>}
        {!shown && !isError && isFetching && <Skeleton variant="rectangular" height={280} />}
        {shown && price && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Box>
              <ProductImage src={shown.image_url} alt={shown.name} priority />
            </Box>
            <Box>
              <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                <Chip label={TYPE_LABELS[shown.product_type]} size="small" />
                {shown.is_featured && <Chip label="Featured" size="small" color="primary" />}
                {shown.is_new && <Chip label="New" size="small" color="secondary" />}
              </Stack>
              <Typography variant="overline" color="text.secondary">
                {shown.manufacturer}
              </Typography>
              <ProductRating rating={shown.rating} reviews={shown.reviews_count} />
              <Typography variant="h4" component="p" color="primary.dark" sx={{ fontWeight: 700, mt: 1.5 }} data-testid="modal-price">
                {price.primary}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {price.note}
              </Typography>
              <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{shown.description}</Typography>
            </Box>
            <Box>
              <Typography variant="h3" component="h3" gutterBottom>
                Features
              </Typography>
              <Features features={shown.features} />
            </Box>
            <Box>
              <Typography variant="h3" component="h3" gutterBottom>
                Specifications
              </Typography>
              <ProductSpecifications specifications={shown.specifications} />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {shown?.product_type === 'equipment' && <AddToCartButton product={shown} onAdded={closeSoon} />}
        {shown?.product_type === 'service' && <RequestServiceButton product={shown} variant="contained" />}
        {shown?.product_type === 'affiliate' && shown.affiliate_link && (
          <Button variant="contained" endIcon={<OpenInNew />} href={withHttps(shown.affiliate_link)} target="_blank" rel="noopener noreferrer" {...partnerLinkTracking(shown.id)}>
            View Product
          </Button>
        )}
        <Divider flexItem orientation="vertical" sx={{ mx: 1 }} />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
