import { formatUsd, toCents, type Product } from '@dentalmarket/contracts';

export interface AdminPrice {
  /** the figure or phrase the shop shows for this product (SPEC §9 price display by type) */
  primary: string;
  /** the shop's detail-modal note, for affiliates and quoted services */
  note: string | null;
}

/**
 * The price as the shopper sees it, so the admin checks the same thing: an affiliate's stored price
 * (or 'See partner site' when it has none), 'Get a Quote' for a service without a price.
 */
export function adminPrice(product: Pick<Product, 'product_type' | 'price'>): AdminPrice {
  const cents = toCents(product.price);
  if (product.product_type === 'affiliate') return { primary: cents > 0 ? formatUsd(cents) : 'See partner site', note: 'Sourced from partner' };
  if (product.product_type === 'service' && cents === 0) return { primary: 'Get a Quote', note: 'Custom Quote Required' };
  return { primary: formatUsd(cents), note: null };
}
