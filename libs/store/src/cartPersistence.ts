import { CART_MAX_QUANTITY, CART_STORAGE_KEY, normalisePrice, type CartItem } from '@dentalmarket/contracts';
import type { CartState } from './cartSlice.js';

/**
 * One saved line as a cart line, or null when it cannot be one. A line needs a whole-number id, a
 * name and a whole quantity from 1 to CART_MAX_QUANTITY (what the cart itself ever stores).
 * The price is normalised to the two-decimal string like on add (SPEC §3/§5): text or a number is
 * read by `toCents`, and a missing, null or non-numeric price counts as 0; a price of any other
 * type (object, boolean…) marks the line as damaged. manufacturer and image_url may be missing or
 * null.
 */
function toSavedLine(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const item = value as Record<string, unknown>;
  const { id, name, price, quantity, manufacturer, image_url } = item;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof name !== 'string') return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > CART_MAX_QUANTITY) return null;
  if (!(price === undefined || price === null || typeof price === 'string' || typeof price === 'number')) return null;
  if (!(manufacturer === undefined || manufacturer === null || typeof manufacturer === 'string')) return null;
  if (!(image_url === undefined || image_url === null || typeof image_url === 'string')) return null;
  return { id, name, manufacturer: manufacturer ?? '', price: normalisePrice(price), quantity, image_url: image_url ?? null };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access can throw when storage is disabled
  }
}

/**
 * Reads the saved cart (SPEC §3 Cart item) from localStorage `shopping-cart`. A saved value that
 * is not JSON or not a JSON list is discarded whole (and removed). Inside a list, each bad line is
 * dropped on its own and the good lines are kept, so one damaged line never empties the cart; a
 * second line with an id already seen is dropped too (the first one wins). When anything was
 * dropped or rewritten (e.g. a price normalised), the cleaned list is written back.
 */
export function loadCart(): CartState | undefined {
  const store = storage();
  const raw = store?.getItem(CART_STORAGE_KEY);
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined; // unreadable JSON is discarded like any other bad value
  }
  if (!Array.isArray(parsed)) {
    store?.removeItem(CART_STORAGE_KEY);
    return undefined;
  }
  const seen = new Set<number>();
  const items: CartItem[] = [];
  for (const value of parsed) {
    const line = toSavedLine(value);
    if (line === null || seen.has(line.id)) continue;
    seen.add(line.id);
    items.push(line);
  }
  const state: CartState = { items };
  if (JSON.stringify(items) !== JSON.stringify(parsed)) saveCart(state);
  return state;
}

export function saveCart(state: CartState): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(state.items));
  } catch {
    // quota or privacy mode: the cart still works for this page
  }
}
