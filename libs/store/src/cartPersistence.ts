import { CART_STORAGE_KEY, type CartItem } from '@dentalmarket/contracts';
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

/** Reads the saved cart; a bad saved value is discarded (SPEC §3 Cart item). */
export function loadCart(): CartState | undefined {
  const store = storage();
  const raw = store?.getItem(CART_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every(isCartItem)) {
      return { items: parsed.map((item) => ({ ...item, manufacturer: item.manufacturer ?? '', image_url: item.image_url ?? null })) };
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
