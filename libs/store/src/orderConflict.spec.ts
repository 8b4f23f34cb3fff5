import type { CartItem, OrderLineConflict } from '@dentalmarket/contracts';
import { cartActions, selectCartItems } from './cartSlice.js';
import { cartChangeMessage } from './cartReconcile.js';
import { applyOrderConflict, orderConflictLines } from './orderConflict.js';
import { makeStore } from './store.js';

const line = (id: number, name: string, price: string): CartItem => ({ id, name, manufacturer: 'Meridian', price, quantity: 2, image_url: `/img/${id}.svg` });
const conflict = (product_id: number, problem: OrderLineConflict['problem'], name: string | null, current_price: string | null): OrderLineConflict => ({ product_id, problem, name, current_price });

describe('a 409 from POST /api/orders applied to the cart', () => {
  it('drops the lines that cannot be ordered, takes the new prices, keeps the rest, and says what changed', () => {
    const items = [line(1, 'Chair', '100.00'), line(2, 'Gloves', '5.00'), line(3, 'Lamp', '30.00'), line(4, 'Mirror', '9.00'), line(5, 'Probe', '2.00')];
    const conflicts = [conflict(1, 'price_changed', 'Chair', '120.5'), conflict(2, 'out_of_stock', 'Gloves', '5.00'), conflict(3, 'not_found', null, null), conflict(4, 'not_equipment', 'Mirror', '9.00')];
    const store = makeStore({ cart: { items } }, { persistCart: false });
    const { products, askedIds, changes } = applyOrderConflict(items, conflicts);
    store.dispatch(cartActions.reconcileCart(products, askedIds));
    expect(selectCartItems(store.getState())).toEqual([{ ...items[0], price: '120.50' }, items[4]]);
    expect(cartChangeMessage(changes).description).toBe(
      '“Chair” now costs $120.50. “Gloves” is no longer available. “Lamp” is no longer available. “Mirror” is no longer available.',
    );
  });

  it('reads the lines of a 409 only', () => {
    const lines = [conflict(1, 'not_found', null, null)];
    expect(orderConflictLines({ status: 409, data: { statusCode: 409, message: 'm', error: 'Conflict', lines } })).toEqual(lines);
    expect(orderConflictLines({ status: 400, data: { message: 'email must be an email' } })).toBeNull();
    expect(orderConflictLines({ status: 409, data: { message: 'Idempotency-Key reused' } })).toBeNull();
    expect(orderConflictLines(undefined)).toBeNull();
  });
});
