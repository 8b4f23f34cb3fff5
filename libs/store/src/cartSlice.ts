import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CART_MAX_QUANTITY, multiplyCents, normalisePrice, toCents, wholeQuantity, type CartItem, type CartProductInput } from '@dentalmarket/contracts';
import { reconcileLines, type CatalogueLine } from './cartReconcile.js';

export interface CartState {
  items: CartItem[];
}

export const initialCartState: CartState = { items: [] };

export interface AddToCartPayload {
  product: CartProductInput;
  quantity?: number;
}

/** A product as a cart line; price becomes the two-decimal string (missing or non-numeric: "0.00"). */
function toCartItem(product: CartProductInput, quantity: number): CartItem {
  return {
    id: product.id,
    name: typeof product.name === 'string' ? product.name : '',
    manufacturer: product.manufacturer ?? '',
    price: normalisePrice(product.price),
    quantity,
    image_url: product.image_url ?? null,
  };
}

/**
 * SPEC §4 Cart: adding an existing id raises its quantity; quantity 0 or less removes the line.
 * Every stored quantity is a whole number from 1 to CART_MAX_QUANTITY, so whatever is saved
 * reads back on the next load:
 * - fractions are rounded to the nearest whole number (see `wholeQuantity`);
 * - NaN, ±Infinity and non-numbers are refused and leave the cart as it was;
 * - updateQuantity to 0 or less (after rounding, so 0.4 too) removes the line;
 * - addToCart with 0 or less (after rounding) adds nothing and removes nothing; a missing product
 *   or one without a whole-number id is ignored here (the UI reports it first, see `cartAddError`).
 */
export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** The whole cart as another tab saved it (already checked by loadCart). */
    replaceCart(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
    },
    addToCart(state, action: PayloadAction<AddToCartPayload>) {
      // only a missing quantity means the default 1; null or any other non-number is refused
      const quantity = action.payload.quantity === undefined ? 1 : wholeQuantity(action.payload.quantity);
      const { product } = action.payload;
      if (quantity === null || quantity <= 0) return;
      if (!product || typeof product.id !== 'number' || !Number.isSafeInteger(product.id)) return;
      const existing = state.items.find((item) => item.id === product.id);
      if (existing) existing.quantity = Math.min(existing.quantity + quantity, CART_MAX_QUANTITY);
      else state.items.push(toCartItem(product, quantity));
    },
    updateQuantity(state, action: PayloadAction<{ id: number; quantity: number }>) {
      const { id } = action.payload;
      const quantity = wholeQuantity(action.payload.quantity);
      if (quantity === null) return;
      if (quantity <= 0) {
        state.items = state.items.filter((item) => item.id !== id);
        return;
      }
      const line = state.items.find((item) => item.id === id);
      if (line) line.quantity = quantity;
    },
    removeFromCart(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    clearCart(state) {
      state.items = [];
    },
    /**
     * The catalogue's answer for the cart's ids (see `useCartRecheck`): drops lines whose product
     * no longer exists and refreshes the others' name, price and image. `reconcileLines` with the
     * same arguments says what this changes.
     */
    reconcileCart: {
      reducer(state, action: PayloadAction<{ products: CatalogueLine[]; askedIds: number[] }>) {
        state.items = reconcileLines(state.items, action.payload.products, action.payload.askedIds).items;
      },
      prepare: (products: CatalogueLine[], askedIds: number[]) => ({ payload: { products, askedIds } }),
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => state.items.reduce((sum, item) => sum + item.quantity, 0),
    selectCartSubtotalCents: (state) => state.items.reduce((sum, item) => sum + multiplyCents(toCents(item.price), item.quantity), 0),
    selectIsInCart: (state, id: number) => state.items.some((item) => item.id === id),
  },
});

export const cartActions = cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartSubtotalCents, selectIsInCart } = cartSlice.selectors;

/** SPEC §5 Cart add: the message to alert when a product cannot be added, or null. */
export function cartAddError(product: Partial<CartProductInput> | null | undefined): string | null {
  if (!product) return 'ERROR: Product data is missing';
  if (product.id === undefined || product.id === null) return 'ERROR: Product has no ID';
  return null;
}
