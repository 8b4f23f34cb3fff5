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

  it('refuses null, text and missing products on add, and never stores a quantity that fails the load check', () => {
    const store = makeStore(undefined, { persistCart: false });
    store.dispatch(cartActions.addToCart({ product: chair, quantity: null as unknown as number }));
    store.dispatch(cartActions.addToCart({ product: chair, quantity: '2' as unknown as number }));
    store.dispatch(cartActions.addToCart({ product: chair, quantity: Number.NEGATIVE_INFINITY }));
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 0.4 }));
    store.dispatch(cartActions.addToCart({ product: null as unknown as typeof chair }));
    store.dispatch(cartActions.addToCart({ product: { name: 'no id' } as unknown as typeof chair }));
    store.dispatch(cartActions.addToCart({ product: { ...chair, id: 1.5 } }));
    expect(selectCartItems(store.getState())).toEqual([]);
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 2.5 }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(3);
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 0 }));
    store.dispatch(cartActions.addToCart({ product: chair, quantity: -5 }));
    expect(selectCartItems(store.getState())[0].quantity).toBe(3); // add never removes
  });

  it('leaves other lines alone when one is updated or refused, and ignores unknown ids', () => {
    const store = makeStore(undefined, { persistCart: false });
    store.dispatch(cartActions.addToCart({ product: chair, quantity: 2 }));
    store.dispatch(cartActions.addToCart({ product: gloves, quantity: 5 }));
    store.dispatch(cartActions.updateQuantity({ id: 2, quantity: Number.NaN }));
    store.dispatch(cartActions.updateQuantity({ id: 99, quantity: 7 }));
    store.dispatch(cartActions.updateQuantity({ id: 99, quantity: 0 }));
    store.dispatch(cartActions.updateQuantity({ id: 1, quantity: -0.4 }));
    expect(selectCartItems(store.getState()).map((i) => [i.id, i.quantity])).toEqual([[2, 5]]);
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
    ['a quantity above the cap', { id: 3, name: 'x', price: '1.00', quantity: CART_MAX_QUANTITY + 1 }],
    ['a quantity saved as text', { id: 3, name: 'x', price: '1.00', quantity: '2' }],
    ['a price that is neither text nor a number', { id: 3, name: 'x', price: { amount: 1 }, quantity: 1 }],
    ['no id', { name: 'x', price: '1.00', quantity: 1 }],
    ['a fractional id', { id: 3.5, name: 'x', price: '1.00', quantity: 1 }],
    ['no name', { id: 3, price: '1.00', quantity: 1 }],
    ['an image_url that is not text', { id: 3, name: 'x', price: '1.00', quantity: 1, image_url: 7 }],
    ['a second line with the same id', { id: 1, name: 'Copy', price: '1.00', quantity: 5 }],
    ['not an object', 'x'],
    ['null', null],
    ['a list', [1, 2]],
  ])('drops only the bad line and keeps the rest of the cart (%s)', (_label, bad) => {
    const good = { id: 1, name: 'Meridian Chair', manufacturer: 'Meridian Dental', price: '18950.00', quantity: 2, image_url: null };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([good, bad]));
    const store = makeStore();
    expect(selectCartItems(store.getState())).toEqual([good]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([good]);
  });

  it('keeps the good lines on both sides of bad ones, in order', () => {
    const a = { id: 1, name: 'A', manufacturer: 'M', price: '1.00', quantity: 1, image_url: null };
    const b = { id: 2, name: 'B', manufacturer: 'M', price: '2.00', quantity: 2, image_url: null };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 9, quantity: Number.NaN }, a, 'junk', b, { id: 3, name: 'x', quantity: 0.5 }]));
    expect(selectCartItems(makeStore().getState())).toEqual([a, b]);
  });

  it('normalises saved prices like on add: numbers and text to two decimals, missing or non-numeric to 0.00', () => {
    const line = { id: 1, name: 'A', manufacturer: 'M', quantity: 1, image_url: null };
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...line, id: 1, price: 4 },
        { ...line, id: 2, price: '1.005' },
        { ...line, id: 3, price: 'Get a Quote' },
        { ...line, id: 4 },
        { ...line, id: 5, price: null },
        { ...line, id: 6, price: 1.005 },
      ]),
    );
    const items = selectCartItems(makeStore().getState());
    expect(items.map((i) => [i.id, i.price])).toEqual([
      [1, '4.00'],
      [2, '1.01'],
      [3, '0.00'],
      [4, '0.00'],
      [5, '0.00'],
      [6, '1.01'],
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).map((i: { price: string }) => i.price)).toEqual(['4.00', '1.01', '0.00', '0.00', '0.00', '1.01']);
  });

  it('accepts missing or null manufacturer and image_url', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 1, name: 'A', price: '3', quantity: 2, manufacturer: null }]));
    expect(selectCartItems(makeStore().getState())).toEqual([{ id: 1, name: 'A', manufacturer: '', price: '3.00', quantity: 2, image_url: null }]);
  });

  it('leaves a saved empty list alone', () => {
    localStorage.setItem(CART_STORAGE_KEY, '[]');
    expect(selectCartItems(makeStore().getState())).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  it.each([
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"cart"'],
  ])('discards a saved value that is not a list (%s)', (_label, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    expect(selectCartItems(makeStore().getState())).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('does not touch storage when persistence is off', () => {
    const store = makeStore(undefined, { persistCart: false });
    store.dispatch(cartActions.addToCart({ product: chair }));
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});

describe('a cart change in another tab', () => {
  it('shows in this tab through the storage event, without writing it back', () => {
    const store = makeStore();
    const other = [{ id: 7, name: 'Curing Light', manufacturer: 'Lumen', price: '349.00', quantity: 2, image_url: null }];
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: JSON.stringify(other) }));
    expect(selectCartItems(store.getState())).toEqual(other);
    localStorage.removeItem(CART_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: null }));
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull(); // not saved back
  });
});
