/** A cart line (SPEC §3): the fields the cart reads from a product, plus quantity. */
export interface CartItem {
  id: number;
  name: string;
  manufacturer: string;
  /** normalised to a two-decimal string */
  price: string;
  quantity: number;
  image_url: string | null;
}

/** What may be added to the cart: any product-like object; price may be text or missing. */
export interface CartProductInput {
  id: number;
  name: string;
  manufacturer?: string | null;
  price?: string | number | null;
  image_url?: string | null;
}

/** The most of one product a cart line holds. */
export const CART_MAX_QUANTITY = 9999;

/**
 * A requested cart quantity as a whole number: non-numbers (including numeric text) and NaN or
 * ±Infinity are refused (null, so the caller leaves the cart as it was); fractions are rounded to
 * the NEAREST whole number with Math.round (0.5 → 1, 1.5 → 2, 0.4 → 0, -0.5 → -0), chosen over
 * Math.floor so that a value just under a whole number (2.9999 from a spinner or a sum) is not
 * silently one less; values above CART_MAX_QUANTITY are capped. The result may be 0 or less,
 * which SPEC §4 reads as "remove the line" for a quantity update.
 */
export function wholeQuantity(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.min(Math.round(value), CART_MAX_QUANTITY);
}
