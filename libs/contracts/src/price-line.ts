import type { Product } from './entities.js';
import { formatUsd, toCents } from './money.js';

export interface PriceLine {
  /** the main figure or phrase */
  primary: string;
  /** the note under it (SPEC §9 price display by type) */
  note: string;
}

/** The words SPEC §9 puts under a price, on a card and in the detail modal. */
const NOTES = {
  card: { affiliate: 'Partner product', quote: 'Custom pricing for your practice', quotePrimary: 'Get a Quote' },
  modal: { affiliate: 'Sourced from partner', quote: 'Custom Quote Required', quotePrimary: 'Get a Quote' },
} as const;

/** How a product's price shows, by type (SPEC §9); the figures carry thousands separators. */
export function priceLine(product: Pick<Product, 'product_type' | 'price'>, place: keyof typeof NOTES): PriceLine {
  const cents = toCents(product.price);
  const notes = NOTES[place];
  switch (product.product_type) {
    case 'affiliate':
      return { primary: cents > 0 ? formatUsd(cents) : 'See partner site', note: notes.affiliate };
    case 'service':
      return cents > 0 ? { primary: formatUsd(cents), note: 'Fixed price' } : { primary: notes.quotePrimary, note: notes.quote };
    case 'equipment':
    default:
      return { primary: formatUsd(cents), note: '+ Installation (if required)' };
  }
}

/** How a card shows a product's price. */
export const cardPriceLine = (product: Pick<Product, 'product_type' | 'price'>): PriceLine => priceLine(product, 'card');
