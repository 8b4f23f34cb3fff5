import { CHECKOUT, percentOf, type Cents } from '@dentalmarket/contracts';

export interface OrderTotals {
  subtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
}

/** SPEC §9: flat $15 shipping, 8% tax on the subtotal, total = subtotal + shipping + tax; all in cents. */
export function orderTotals(subtotal: Cents): OrderTotals {
  const shipping = subtotal > 0 ? CHECKOUT.shippingCents : 0;
  const tax = percentOf(subtotal, CHECKOUT.taxPercent);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}
