import { CART_MAX_QUANTITY, CART_STORAGE_KEY } from '@dentalmarket/contracts';
import { makeStore } from './store.js';
import {
  cartActions,
  cartAddError,
  selectCartCount,
  selectCartItems,
  selectCartSubtotalCents,
  selectIsInCart,
} from './cartSlice.js';

const chair = { id: 1, name: 'Meridian Chair', manufacturer: 'Meridian Dental', price: '18950.00', image_url: '/media/seed/chair.svg' };
const gloves = { id: 2, name: 'Nitrile Gloves', manufacturer: 'Oris', price: 12.5, image_url: null };

beforeEach(() => localStorage.clear());

describe('cart rules (SPEC §4 Cart)', () => {
  it('adds a new line with quantity 1 by default and a normalised string price', () => {
    const store = makeStore();
    store.dispatch(cartActions.addToCart({ product: gloves }));
    expect(selectCartItems(store.getState())).toEqual([
      { id: 2, name: 'Nitrile Gloves', manufacturer: 'Oris', price: '12.50', quantity: 1, image_url: null },
    ]);
  });

  it('raises the quantity when the same product id is added again', () => {
    const store = makeStore();
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 2 }));
    store.dispatch(cartActions.addToCart({ product: chair }));
    expect(selectCartItems(store.getState())).toHaveLength(1);
    expect(selectCartItems(store.getState())[0].quantity).toBe(3);
  });

  it('removes a line when its quantity is set to 0 or less', () => {
    const store = makeStore();
    store.dispatch(cartActions.addToCart({ product: chair }));
    store.dispatch(cartActions.addToCart({ product: gloves }));
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: 0 }));
    store.dispatch(cartActions.updateQuantity({ id: 2, quantity: -3 }));
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('keeps quantities whole: fractions are rounded, NaN and Infinity are refused, 0 or less removes', () => {
    const store = makeStore(undefined, { persistCart: false });
    store.dispatch(cartActions.addToCart({ product: chair }));
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: 2.6 }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(3);
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: Number.NaN }));
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: Number.POSITIVE_INFINITY }));
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: '4' as unknown as number }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(3);
    store.dispatch(cartActions.addToCart({ product: chair, quantity: Number.NaN }));
    store.dispatch(cartActions.addToCart({ product: chair, quantity: -2 }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(3);
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 1_000_000 }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(CART_MAX_QUANTITY);
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: 0.5 }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(1);
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: 0.4 }));
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('survives a reload after odd quantity updates', () => {
    const first = makeStore();
    first.dispatch(cartActions.addToCart({ product: chair }));
    first.dispatch(cartActions.addToCart({ product: gloves, quantity: 3 }));
    first.dispatch(cartActions.updateQuantity({ id: 1, quantity: 0.5 }));
    first.dispatch(cartActions.updateQuantity({ id: 2, quantity: Number.NaN }));
    const second = makeStore();
    expect(selectCartItems(second.getState()).map((i) => [i.id, i.quantity])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });

  it('sets quantity, removes a line and clears the cart', () => {
    const store = makeStore();
    store.dispatch(cartActions.addToCart({ product: chair }));
    store.dispatch(cartActions.addToCart({ product: gloves }));
    store.dispatch(cartActions.updateQuantity({ id: 2, quantity: 4 }));
    expect(selectCartCount(store.getState())).toBe(5);
    store.dispatch(cartActions.removeFromCart(1));
    expect(selectIsInCart(store.getState(), 1)).toBe(false);
    expect(selectIsInCart(store.getState(), 2)).toBe(true);
    store.dispatch(cartActions.clearCart());
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('computes the subtotal in integer cents; a non-numeric or missing price counts as 0', () => {
    const store = makeStore();
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 2 }));
    store.dispatch(cartActions.addToCart({ product: { id: 3, name: 'Sensor', price: '0.10' }, quantity: 3 }));
    store.dispatch(cartActions.addToCart({ product: { id: 4, name: 'Consultation', price: 'Get a Quote' } }));
    store.dispatch(cartActions.addToCart({ product: { id: 5, name: 'Free sample' } }));
    expect(selectCartSubtotalCents(store.getState())).toBe(2 * 1895000 + 30);
    expect(selectCartItems(store.getState()).find((i) => i.id === 4)?.price).toBe('0.00');
  });

  it('names what is wrong with a product that cannot be added', () => {
    expect(cartAddError(null)).toBe('ERROR: Product data is missing');
    expect(cartAddError({ name: 'x' })).toBe('ERROR: Product has no ID');
    expect(cartAddError(chair)).toBeNull();
  });
});

describe('cart persistence under shopping-cart', () => {
  it('saves every change and restores it in a new store', () => {
    const first = makeStore();
    first.dispatch(cartActions.addToCart({ product: chair, quantity: 2 }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([
      { id: 1, name: 'Meridian Chair', manufacturer: 'Meridian Dental', price: '18950.00', quantity: 2, image_url: '/media/seed/chair.svg' },
    ]);
    const second = makeStore();
    expect(selectCartCount(second.getState())).toBe(2);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"id":1}'],
  ])('discards a bad saved value as a whole (%s)', (_label, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    const store = makeStore();
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['a line without a quantity', { id: 3, name: 'x', price: '1.00' }],
    ['a negative quantity', { id: 3, name: 'x', price: '1.00', quantity: -1 }],
    ['a fractional quantity', { id: 3, name: 'x', price: '1.00', quantity: 0.5 }],
    ['a NaN quantity (saved as null)', { id: 3, name: 'x', price: '1.00', quantity: null }],
    ['a price that is not text', { id: 3, name: 'x', price: 4, quantity: 1 }],
    ['no id', { name: 'x', price: '1.00', quantity: 1 }],
    ['not an object', 'x'],
  ])('drops only the bad line and keeps the rest of the cart (%s)', (_label, bad) => {
    const good = { id: 1, name: 'Meridian Chair', manufacturer: 'Meridian Dental', price: '18950.00', quantity: 2, image_url: null };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([good, bad]));
    const store = makeStore();
    expect(selectCartItems(store.getState())).toEqual([good]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([good]);
  });

  it('does not touch storage when persistence is off', () => {
    const store = makeStore(undefined, { persistCart: false });
    store.dispatch(cartActions.addToCart({ product: chair }));
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
