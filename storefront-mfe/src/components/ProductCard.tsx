import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { cardPriceLine, withHttps, type Product } from '@dentalmarket/contracts';
import { selectIsInCart, useAppSelector } from '@dentalmarket/store';
import { ProductImage, ProductRating, useProductEditor, useSettings } from '@dentalmarket/ui';
import { partnerLinkTracking } from '../partnerClicks.js';
import { RequestServiceButton } from '../serviceRequests/RequestServiceButton.js';
import { useAddToCart } from '../useAddToCart.js';

const TYPE_CHIPS: Record<Product['product_type'], string> = { equipment: 'Equipment', service: 'Service', affiliate: 'Partner' };

export function ProductCard({
  product,
  onViewDetails,
  layout = 'grid',
  headingLevel = 'h3',
  priority = false,
}: {
  product: Product;
  onViewDetails?: (product: Product) => void;
  layout?: 'grid' | 'list';
  headingLevel?: 'h2' | 'h3';
  /** one of the listing's first cards: its image is fetched first (the page's largest paint) */
  priority?: boolean;
}) {
  const inCart = useAppSelector((state) => selectIsInCart(state, product.id));
  const addToCart = useAddToCart();
  const price = cardPriceLine(product);
  // the edit handler exists for admins only (the shell provides it); settings shape the card
  const openEditor = useProductEditor();
  const { display } = useSettings();
  const compact = display.compactProductCards;

  return (
    <Card
      component="article"
      sx={{ height: '100%', display: 'flex', flexDirection: layout === 'list' ? { xs: 'column', sm: 'row' } : 'column', transition: 'box-shadow .2s', '&:hover': { boxShadow: 4 } }}
    >
      <Box sx={{ position: 'relative', ...(layout === 'list' ? { width: { sm: 280 }, flexShrink: 0 } : {}) }}>
        <ProductImage src={product.image_url} alt={product.name} priority={priority} />
        {display.showProductTypes && (
          <Chip label={TYPE_CHIPS[product.product_type]} size="small" sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper' }} />
        )}
        <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 8, right: 8 }}>
          {product.is_featured && <Chip label="Featured" size="small" color="primary" />}
          {product.is_new && <Chip label="New" size="small" color="secondary" />}
        </Stack>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
      <CardContent sx={{ flexGrow: 1, ...(compact ? { p: 1.5, pb: 1 } : {}) }}>
        <Typography variant="overline" color="text.secondary">
          {product.manufacturer}
        </Typography>
        <Typography variant="h3" component={headingLevel} sx={{ fontSize: '1.05rem', mb: 1 }}>
          {product.name}
        </Typography>
        {!compact && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {product.description}
          </Typography>
        )}
        <ProductRating rating={product.rating} reviews={product.reviews_count} />
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="h6" component="p" color="primary.dark" sx={{ fontWeight: 700 }}>
            {price.primary}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {price.note}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        {onViewDetails && (
          <Button onClick={() => onViewDetails(product)} aria-label={`View details of ${product.name}`}>
            View details
          </Button>
        )}
        {product.product_type === 'equipment' && (
          <>
            <Button variant="contained" startIcon={<AddShoppingCart />} onClick={() => addToCart(product)} disabled={!product.in_stock}>
              Add to cart
            </Button>
            {inCart && (
              <Typography variant="caption" color="secondary.main" sx={{ ml: 1, fontWeight: 600 }}>
                In cart
              </Typography>
            )}
            {!product.in_stock && (
              <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                Out of stock
              </Typography>
            )}
          </>
        )}
        {product.product_type === 'service' && (
          <RequestServiceButton product={product} />
        )}
        {openEditor && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => openEditor({ productId: product.id })} aria-label={`Edit ${product.name}`}>
            Edit
          </Button>
        )}
        {product.product_type === 'affiliate' && product.affiliate_link && (
          <Button variant="outlined" endIcon={<OpenInNew />} href={withHttps(product.affiliate_link)} target="_blank" rel="noopener noreferrer sponsored" {...partnerLinkTracking(product.id)}>
            View Product
          </Button>
        )}
      </CardActions>
      </Box>
    </Card>
  );
}
