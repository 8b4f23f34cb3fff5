import { Button, Card, type Theme } from '@mui/material';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { cardPriceLine, withHttps, type Product } from '@dentalmarket/contracts';
import { selectIsInCart, useAppSelector } from '@dentalmarket/store';
import { ProductImage, ProductRating, themedStyles, useProductEditor, useSettings, WithThemedClass } from '@dentalmarket/ui';
import { partnerLinkTracking } from '../partnerClicks.js';
import { RequestServiceButton } from '../serviceRequests/RequestServiceButton.js';
import { useAddToCart } from '../useAddToCart.js';
import { useHydrating } from './HydrateWhenVisible.js';

/**
 * The card's look, as MUI's Card, CardContent, CardActions, small Chips and Typography variants
 * gave it: made once per theme (themedStyles), the card's parts styled by class.
 */
const productCardStyles = themedStyles((theme: Theme) => {
  const { palette, typography, spacing, breakpoints, shadows } = theme;
  const chip = {
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    padding: `0 ${spacing(1)}`,
    borderRadius: 16,
    fontFamily: typography.fontFamily,
    fontSize: typography.pxToRem(13),
    lineHeight: 1.5,
    whiteSpace: 'nowrap' as const,
    color: palette.text.primary,
    backgroundColor: palette.action.selected,
  };
  return {
    // doubled: over the Card's own class (MUI's Paper sets its transition)
    '&&': { height: '100%', display: 'flex', flexDirection: 'column', transition: 'box-shadow .2s' },
    '&:hover': { boxShadow: shadows[4] },
    '& .dm-card__media': { position: 'relative' },
    '& .dm-card__chip': chip,
    '& .dm-card__type': { position: 'absolute', top: 8, left: 8, backgroundColor: palette.background.paper },
    '& .dm-card__badges': { position: 'absolute', top: 8, right: 8, display: 'flex', gap: spacing(0.5) },
    '& .dm-card__chip--primary': { color: palette.primary.contrastText, backgroundColor: palette.primary.main },
    '& .dm-card__chip--secondary': { color: palette.secondary.contrastText, backgroundColor: palette.secondary.main },
    '& .dm-card__body': { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
    '& .dm-card__content': { flexGrow: 1, padding: spacing(2) },
    '& .dm-card__maker': { ...typography.overline, color: palette.text.secondary },
    '& .dm-card__name': { ...typography.h3, margin: 0, marginBottom: spacing(1), fontSize: '1.05rem' },
    '& .dm-card__description': {
      ...typography.body2,
      margin: 0,
      marginBottom: spacing(1.5),
      color: palette.text.secondary,
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    },
    '& .dm-card__pricing': { marginTop: spacing(1.5) },
    '& .dm-card__price': { ...typography.h6, margin: 0, fontWeight: 700, color: palette.primary.dark },
    '& .dm-card__note, & .dm-card__state': { ...typography.caption, color: palette.text.secondary },
    '& .dm-card__actions': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: spacing(1), padding: spacing(0, 2, 2) },
    '& .dm-card__actions > :not(style) ~ :not(style)': { marginLeft: spacing(1) },
    '& .dm-card__state': { marginLeft: spacing(1) },
    '& .dm-card__state--in-cart': { color: palette.secondary.main, fontWeight: 600 },
    '&.dm-card--compact .dm-card__content': { padding: spacing(1.5), paddingBottom: spacing(1) },
    [breakpoints.up('sm')]: {
      '&.dm-card--list': { flexDirection: 'row' },
      '&.dm-card--list .dm-card__media': { width: 280, flexShrink: 0 },
    },
  };
});

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
  // What only the browser knows (the saved cart, an admin's session) is left out while the card
  // hydrates: a card below the fold hydrates when it comes near the screen, long after the cart was
  // restored and the session loaded, and must first render as the server did (issue 32's #418)
  const hydrating = useHydrating();
  const inCart = useAppSelector((state) => selectIsInCart(state, product.id)) && !hydrating;
  const addToCart = useAddToCart();
  const price = cardPriceLine(product);
  // the edit handler exists for admins only (the shell provides it); settings shape the card
  const editor = useProductEditor();
  const openEditor = hydrating ? null : editor;
  const { display } = useSettings();
  const compact = display.compactProductCards;

  // The card's own parts are plain elements styled by class under the card's one class
  // (productCardStyles): a listing renders two dozen cards, and a MUI component per part made them
  // most of a server render's time (issue 20). The card itself and its buttons stay MUI's.
  const modifiers = `${layout === 'list' ? ' dm-card--list' : ''}${compact ? ' dm-card--compact' : ''}`;
  const Heading = headingLevel;
  return (
    <WithThemedClass styles={productCardStyles}>
      {(className) => (
        <Card component="article" className={`${className}${modifiers}`}>
          <div className="dm-card__media">
            <ProductImage src={product.image_url} alt={product.name} priority={priority} />
            {display.showProductTypes && <span className="dm-card__chip dm-card__type">{TYPE_CHIPS[product.product_type]}</span>}
            <div className="dm-card__badges">
              {product.is_featured && <span className="dm-card__chip dm-card__chip--primary">Featured</span>}
              {product.is_new && <span className="dm-card__chip dm-card__chip--secondary">New</span>}
            </div>
          </div>
          <div className="dm-card__body">
            <div className="dm-card__content">
              <span className="dm-card__maker">{product.manufacturer}</span>
              <Heading className="dm-card__name">{product.name}</Heading>
              {!compact && <p className="dm-card__description">{product.description}</p>}
              <ProductRating rating={product.rating} reviews={product.reviews_count} />
              <div className="dm-card__pricing">
                <p className="dm-card__price">{price.primary}</p>
                <span className="dm-card__note">{price.note}</span>
              </div>
            </div>
            <div className="dm-card__actions">
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
                  {inCart && <span className="dm-card__state dm-card__state--in-cart">In cart</span>}
                  {!product.in_stock && <span className="dm-card__state">Out of stock</span>}
                </>
              )}
              {product.product_type === 'service' && <RequestServiceButton product={product} />}
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
            </div>
          </div>
        </Card>
      )}
    </WithThemedClass>
  );
}
