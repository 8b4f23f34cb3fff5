import { formatUsd, toCents, type Product } from '@dentalmarket/contracts';

export interface PriceLine {
  /** the main figure or phrase */
  primary: string;
  /** the note under it (SPEC §9 price display by type) */
  note: string;
}

/** How a card shows a product's price, by type (SPEC §9). */
export function cardPriceLine(product: Pick<Product, 'product_type' | 'price'>): PriceLine {
  const cents = toCents(product.price);
  switch (product.product_type) {
    case 'affiliate':
      return { primary: cents > 0 ? formatUsd(cents) : 'See partner site', note: 'Partner product' };
    case 'service':
      return cents > 0 ? { primary: formatUsd(cents), note: 'Fixed price' } : { primary: 'Get a Quote', note: 'Custom pricing for your practice' };
    case 'equipment':
    default:
      return { primary: formatUsd(cents), note: '+ Installation (if required)' };
  }
}

/** An outbound partner link gets https:// when it lacks a scheme (SPEC §2). */
export function externalUrl(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}
