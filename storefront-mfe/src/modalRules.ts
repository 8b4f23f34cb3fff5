import type { Product } from '@dentalmarket/contracts';
import { priceLine, type PriceLine } from '@dentalmarket/contracts';

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

/** Short words that read as capitals in a label ('cpd' → 'CPD'). */
const ACRONYMS = new Set(['cpd', 'usb', 'led', 'uv', 'ce', 'iso', 'it', 'ai', 'api', 'ip', 'dicom', 'cbct', 'pc']);

/**
 * A specification's name as a label: keys written for code ('typical_downtime', 'maxLoad') become
 * 'Typical downtime' and 'Max load'; a name already written for people ('Chair Width') is kept.
 */
export function specLabel(key: string): string {
  const words = key
    .trim()
    .replace(/([a-z0-9])([A-Z])(?=[a-z])/g, '$1 $2') // camelCase
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return key;
  const coded = /[_-]/.test(key) || /[a-z][A-Z]/.test(key) || key === key.toLowerCase();
  return words
    .map((word, index) => {
      if (ACRONYMS.has(word.toLowerCase())) return word.toUpperCase();
      if (!coded) return word;
      const lower = /^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word; // keep 'ISO13485', 'W'
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * Specifications as label/value rows, dimensions and power first and marked `highlighted` (SPEC §2
 * shows them specially); every row appears once.
 */
export function specRows(specifications: Record<string, string> | null | undefined): Array<{ label: string; value: string; highlighted: boolean }> {
  const entries = Object.entries(specifications ?? {}).map(([name, value]) => ({ key: name.trim().toLowerCase(), label: specLabel(name), value: String(value) }));
  const special = ['dimensions', 'power'];
  const first = special.flatMap((key) => entries.filter((entry) => entry.key === key));
  const rest = entries.filter((entry) => !special.includes(entry.key));
  return [...first.map((e) => ({ label: e.label, value: e.value, highlighted: true })), ...rest.map((e) => ({ label: e.label, value: e.value, highlighted: false }))];
}
