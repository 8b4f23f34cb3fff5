import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, Dialog, useMediaQuery, DialogActions, DialogContent, DialogTitle, Divider, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Check from '@mui/icons-material/Check';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useSnackbar } from 'notistack';
import { TIMINGS, withHttps, type Product } from '@dentalmarket/contracts';
import { selectCartItems, selectIsInCart, useAppSelector, useGetProductQuery } from '@dentalmarket/store';
import { ProductImage, ProductRating, toastMessage } from '@dentalmarket/ui';
import { featureList, modalPriceLine } from '../modalRules.js';
import { partnerLinkTracking } from '../partnerClicks.js';
import { ProductSpecifications } from './ProductSpecifications.js';
import { useHydrating } from './HydrateWhenVisible.js';
import { useAddToCart } from '../useAddToCart.js';
import { RequestServiceButton } from '../serviceRequests/RequestServiceButton.js';
import { AddToListButton } from '../orderGuides/AddToListButton.js';

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

/**
 * The detail view's add button: 'In Cart' (disabled) once the product is in the cart (SPEC §2). On
 * the product's own page (`again`) it stays 'Add to cart', saying beside it how many are in the cart:
 * that page has no card to add a second unit from (issue 32).
 */
function AddToCartButton({ product, onAdded, again = false }: { product: Product; onAdded: () => void; again?: boolean }) {
  // as the server rendered it while hydrating: the saved cart may be restored before this part hydrates
  const hydrating = useHydrating();
  const inCart = useAppSelector((state) => selectIsInCart(state, product.id)) && !hydrating;
  const inCartQuantity = useAppSelector((state) => selectCartItems(state).find((item) => item.id === product.id)?.quantity ?? 0);
  const quantity = hydrating ? 0 : inCartQuantity;
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
  if (again) {
    return (
      <>
        <Button variant="contained" startIcon={<AddShoppingCart />} onClick={add} disabled={adding || !product.in_stock}>
          {adding ? 'Adding...' : 'Add to cart'}
        </Button>
        {quantity > 0 && <Typography sx={{ fontWeight: 600 }}>{`${quantity} in cart`}</Typography>}
      </>
    );
  }
  return (
    <Button variant="contained" startIcon={<AddShoppingCart />} onClick={add} disabled={adding || inCart || !product.in_stock}>
      {adding ? 'Adding...' : inCart ? 'In Cart' : 'Add to cart'}
    </Button>
  );
}

function DetailsSection({ title, headingLevel, children }: { title: string; headingLevel: 'h2' | 'h3'; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h3" component={headingLevel} gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A service's details as the admin entered them (a JSON object): each key a label, its value as text. */
export function serviceDetailRows(details: Product['service_details']): Array<{ label: string; value: string }> {
  return Object.entries(details ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => ({
      label: key.replace(/[_-]+/g, ' ').replace(/^\s*\w/, (c) => c.toUpperCase()).trim(),
      value: Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value),
    }));
}

/** Delivery time and warranty (equipment above all: what a practice asks before spending $1k–$43k), when the admin filled them in. */
function Terms({ product }: { product: Product }) {
  const terms = [
    { label: 'Delivery time', value: product.delivery_time },
    { label: 'Warranty', value: product.warranty },
  ].filter((term): term is { label: string; value: string } => Boolean(term.value?.trim()));
  if (terms.length === 0) return null;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0 }}>
      {terms.map((term) => (
        <Fragment key={term.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {term.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * A product's details (SPEC §2's modal body): image, type and badges, manufacturer, rating, price
 * line, description, delivery time and warranty, features and specifications, and a service's
 * details (issue 32: admins filled these in and shoppers never saw them). The detail view and the
 * product's own page (/products/:slug) both show it.
 */
export function ProductDetails({ product, headingLevel = 'h3', actions }: { product: Product; headingLevel?: 'h2' | 'h3'; actions?: ReactNode }) {
  const price = modalPriceLine(product);
  const serviceRows = serviceDetailRows(product.service_details);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box>
        <ProductImage src={product.image_url} alt={product.name} priority />
      </Box>
      <Box>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Chip label={TYPE_LABELS[product.product_type]} size="small" />
          {product.is_featured && <Chip label="Featured" size="small" color="primary" />}
          {product.is_new && <Chip label="New" size="small" color="secondary" />}
        </Stack>
        <Typography variant="overline" color="text.secondary">
          {product.manufacturer}
        </Typography>
        <ProductRating rating={product.rating} reviews={product.reviews_count} />
        <Typography variant="h4" component="p" color="primary.dark" sx={{ fontWeight: 700, mt: 1.5 }} data-testid="modal-price">
          {price.primary}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {price.note}
        </Typography>
        <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{product.description}</Typography>
        <Terms product={product} />
        {actions}
      </Box>
      <DetailsSection title="Features" headingLevel={headingLevel}>
        <Features features={product.features} />
      </DetailsSection>
      <DetailsSection title="Specifications" headingLevel={headingLevel}>
        <ProductSpecifications specifications={product.specifications} />
      </DetailsSection>
      {serviceRows.length > 0 && (
        <DetailsSection title="Service details" headingLevel={headingLevel}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {serviceRows.map((row) => (
              <Fragment key={row.label}>
                <Typography component="dt" color="text.secondary">
                  {row.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {row.value}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </DetailsSection>
      )}
    </Box>
  );
}

/** What a product offers to do (SPEC §2): add equipment to the cart (or, issue 36, to an order guide), request a service, visit a partner's product. */
export function ProductActions({ product, onAdded = () => undefined, page = false }: { product: Product; onAdded?: () => void; page?: boolean }) {
  return (
    <>
      {product.product_type === 'equipment' && <AddToCartButton product={product} onAdded={onAdded} again={page} />}
      {product.product_type === 'equipment' && <AddToListButton product={product} />}
      {product.product_type === 'service' && <RequestServiceButton product={product} variant="contained" />}
      {product.product_type === 'affiliate' && product.affiliate_link && (
        <Button variant="contained" endIcon={<OpenInNew />} href={withHttps(product.affiliate_link)} target="_blank" rel="noopener noreferrer" {...partnerLinkTracking(product.id)}>
          View Product
        </Button>
      )}
    </>
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

  return (
    <Dialog open={Boolean(slug)} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} transitionDuration={{ enter: 225, exit: TIMINGS.modalCloseMs }} aria-labelledby="product-modal-title">
      <DialogTitle id="product-modal-title">{shown?.name ?? (isError ? 'Product not found' : 'Loading product…')}</DialogTitle>
      {/* it scrolls (the whole page on a phone): reachable and named for the keyboard */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Product details">
        {isError && <Alert severity="warning">This product could not be found. It may have been removed.</Alert>}
        {!shown && !isError && isFetching && <Skeleton variant="rectangular" height={280} />}
        {shown && <ProductDetails product={shown} />}
      </DialogContent>
      {/* on a phone the actions wrap to a second row rather than squeeze their words onto two lines */}
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 2, flexWrap: 'wrap', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        {shown && <ProductActions product={shown} onAdded={closeSoon} />}
        <Divider flexItem orientation="vertical" sx={{ mx: 1, display: { xs: 'none', sm: 'block' } }} />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
