import type { ProductType } from '@dentalmarket/contracts';

/** What the type toggle and the type filter call each product type, in the order they list them. */
export const TYPE_LABELS: Record<ProductType, string> = { equipment: 'Equipment', service: 'Services', affiliate: 'Partner Products' };
export const TYPE_ORDER: ProductType[] = ['equipment', 'service', 'affiliate'];
