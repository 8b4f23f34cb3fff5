import type { Product } from '@dentalmarket/contracts';
import { priceLine, type PriceLine } from './priceLine.js';

/** The modal's price and the line under it, by product type (SPEC §9). */
export const modalPriceLine = (product: Pick<Product, 'product_type' | 'price'>): PriceLine => priceLine(product, 'modal');

/**
 * SPEC §2: features may be a list, a text (a JSON list, or lines) or an object of texts. Throws
 * for anything else, which the modal shows as 'Error displaying features'.
 */
export function featureList(features: unknown): string[] {
  if (features === null || features === undefined || features === '') return [];
  if (Array.isArray(features)) return features.map((f) => String(f).trim()).filter(Boolean);
  if (typeof features === 'string') {
    try {
      return featureList(JSON.parse(features));
    } catch {
      return features.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    }
  }
  if (typeof features === 'object') {
    const values = Object.values(features as Record<string, unknown>);
    if (values.some((v) => typeof v !== 'string')) throw new Error('features must be texts');
    return (values as string[]).map((v) => v.trim()).filter(Boolean);
  }
  throw new Error('features must be a list, a text or an object of texts');
}

/** Specifications with dimensions and power first (shown specially), then the rest as name/value rows. */
export function specRows(specifications: Record<string, string> | null | undefined): {
  highlighted: Array<{ key: 'dimensions' | 'power'; label: string; value: string }>;
  rows: Array<{ name: string; value: string }>;
} {
  const entries = Object.entries(specifications ?? {});
  const special: Record<'dimensions' | 'power', string> = { dimensions: 'Dimensions', power: 'Power' };
  const highlighted = (['dimensions', 'power'] as const).flatMap((key) => {
    const found = entries.find(([name]) => name.toLowerCase() === key);
    return found ? [{ key, label: special[key], value: String(found[1]) }] : [];
  });
  const rows = entries.filter(([name]) => !(name.toLowerCase() in special)).map(([name, value]) => ({ name, value: String(value) }));
  return { highlighted, rows };
}
