import { CART_MAX_QUANTITY, CART_STORAGE_KEY, normalisePrice, type CartItem } from '@dentalmarket/contracts';
import type { CartState } from './cartSlice.js';

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'number' &&
    Number.isFinite(item.id) &&
    typeof item.name === 'string' &&
    typeof item.price === 'string' &&
    typeof item.quantity === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0 &&
    item.quantity <= CART_MAX_QUANTITY &&
    (item.manufacturer === undefined || typeof item.manufacturer === 'string') &&
    (item.image_url === undefined || item.image_url === null || typeof item.image_url === 'string')
  );
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access can throw when storage is disabled
  }
}

/**
 * Reads the saved cart (SPEC §3 Cart item). A saved value that is not a JSON list is discarded
 * whole; inside a list, each bad line is dropped on its own and the good lines are kept (and the
 * cleaned list is written back), so one damaged line never empties the cart.
 */
export function loadCart(): CartState | undefined {
  const store = storage();
  const raw = store?.getItem(CART_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) {
      const seen = new Set<number>();
      const items = parsed.filter(isCartItem).filter((item) => !seen.has(item.id) && seen.add(item.id));
      const state = {
        items: items.map((item) => ({
          id: item.id,
          name: item.name,
          manufacturer: item.manufacturer ?? '',
          price: normalisePrice(item.price),
          quantity: item.quantity,
          image_url: item.image_url ?? null,
        })),
      };
      if (state.items.length !== parsed.length) saveCart(state);
      return state;
    }
  } catch {
    // fall through: unreadable JSON is discarded like any other bad value
  }
  store?.removeItem(CART_STORAGE_KEY);
  return undefined;
}

export function saveCart(state: CartState): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(state.items));
  } catch {
    // quota or privacy mode: the cart still works for this page
  }
}
