import { orderTotals } from './totals.js';

describe('order totals (SPEC §9)', () => {
  it('adds flat $15 shipping and 8% tax to the subtotal, in cents', () => {
    expect(orderTotals(1895000)).toEqual({ subtotal: 1895000, shipping: 1500, tax: 151600, total: 2048100 });
  });

  it('rounds tax to the nearest cent', () => {
    expect(orderTotals(1999)).toEqual({ subtotal: 1999, shipping: 1500, tax: 160, total: 3659 });
  });

  it('charges nothing for an empty cart', () => {
    expect(orderTotals(0).total).toBe(0);
  });
});
