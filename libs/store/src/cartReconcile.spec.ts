import type { CartItem } from '@dentalmarket/contracts';
import { cartActions, selectCartItems } from './cartSlice.js';
import { cartChangeMessage, reconcileLines } from './cartReconcile.js';
import { makeStore } from './store.js';

const line = (id: number, name: string, price: string): CartItem => ({ id, name, manufacturer: 'Meridian', price, quantity: 2, image_url: `/img/${id}.svg` });
const chair = line(1, 'Meridian Chair', '18950.00');
const gloves = line(2, 'Nitrile Gloves', '12.50');
const lamp = line(3, 'Curing Light', '349.00');
const catalogue = (id: number, name: string, price: string, image_url: string | null = `/img/${id}.svg`) => ({ id, name, manufacturer: 'Meridian', price, image_url });

const storeWith = (items: CartItem[]) => makeStore({ cart: { items } }, { persistCart: false });

describe('reconcileCart: the cart against the catalogue', () => {
  it('drops a line whose product no longer exists and takes the current price, name and image of the others', () => {
    const store = storeWith([chair, gloves, lamp]);
    const answer = [catalogue(1, 'Meridian Chair Pro', '18950.00', '/img/new.svg'), catalogue(3, 'Curing Light', '12')];
    const { changes } = reconcileLines(selectCartItems(store.getState()), answer, [1, 2, 3]);
    store.dispatch(cartActions.reconcileCart(answer, [1, 2, 3]));
    expect(selectCartItems(store.getState())).toEqual([
      { ...chair, name: 'Meridian Chair Pro', image_url: '/img/new.svg' },
      { ...lamp, price: '12.00' },
    ]);
    expect(changes).toEqual([
      { kind: 'renamed', id: 1, from: 'Meridian Chair', to: 'Meridian Chair Pro' },
      { kind: 'removed', id: 2, name: 'Nitrile Gloves' },
      { kind: 'price', id: 3, name: 'Curing Light', from: '349.00', to: '12.00' },
    ]);
  });

  it('leaves lines it did not ask about, ignores products it did not ask for, and keeps quantities', () => {
    const store = storeWith([chair, gloves]);
    store.dispatch(cartActions.reconcileCart([catalogue(1, 'Meridian Chair', '18950.00'), catalogue(7, 'Stranger', '1.00')], [1]));
    expect(selectCartItems(store.getState())).toEqual([chair, gloves]);
  });

  it('reports nothing when the catalogue agrees with the cart', () => {
    expect(reconcileLines([chair], [catalogue(1, 'Meridian Chair', '18950')], [1]).changes).toEqual([]);
  });
});

describe('cartChangeMessage', () => {
  it('says in one toast what is gone, renamed and repriced', () => {
    expect(
      cartChangeMessage([
        { kind: 'removed', id: 2, name: 'X' },
        { kind: 'price', id: 3, name: 'Y', from: '10.00', to: '12.00' },
        { kind: 'renamed', id: 1, from: 'Old', to: 'New' },
        { kind: 'price', id: 4, name: 'Chair', from: '1.00', to: '18950.5' },
      ]),
    ).toEqual({
      title: 'Your cart was updated',
      description: '“X” is no longer available. “Y” now costs $12.00. “Old” is now called “New”. “Chair” now costs $18,950.50.',
    });
  });
});
