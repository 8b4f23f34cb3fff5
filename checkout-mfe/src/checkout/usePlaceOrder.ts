import { useRef } from 'react';
import { useSnackbar } from 'notistack';
import { centsToDecimal, CHECKOUT, type CreateOrderRequest, type Order, orderTotals, toCents } from '@dentalmarket/contracts';
import { applyOrderConflict, cartActions, cartChangeMessage, errorText, orderConflictLines, useAppDispatch, useAppStore, useCreateOrderMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import type { CheckoutValues } from '../form/checkoutSchema.js';
import { practiceApi } from '../practice/practiceApi.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The order as posted: the cart's lines, the shipping fields and the PO number if any. The card
 * fields are not read, so they cannot leave the browser. A practice member's order also says the tax
 * the summary showed (`taxExempt`: none, issue 36), so a change of the exemption meanwhile is refused (409), not silently charged.
 */
export function orderRequest(values: CheckoutValues, items: { id: number; quantity: number; price: string }[], taxExempt?: boolean): CreateOrderRequest {
  const { fullName, email, address, city, state, zipCode } = values;
  const po = values.poNumber?.trim();
  return {
    lines: items.map((item) => ({ product_id: item.id, quantity: item.quantity, unit_price: item.price })),
    shipping: { fullName: fullName.trim(), email: email.trim(), address: address.trim(), city: city.trim(), state: state.trim(), zipCode: zipCode.trim() },
    ...(po ? { po_number: po } : {}),
    ...(taxExempt === undefined ? {} : { expected_tax: centsToDecimal(orderTotals(items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0), taxExempt).tax) }),
  };
}

/** A 400's message as the server wrote it (Nest may send a list). */
function badRequestMessage(data: unknown): string | null {
  const message = (data as { message?: unknown } | undefined)?.message;
  if (Array.isArray(message)) return message.join('. ');
  return typeof message === 'string' ? message : null;
}

/**
 * Places the order (issue 18): POST /api/orders while the 2-second simulated payment runs (SPEC §4),
 * with an Idempotency-Key made once per attempt. The key is kept until the server gives a definite
 * answer, so a submit repeated after a lost answer (network, 5xx) returns the same order instead of
 * a second one; a 409 or 400 ends the attempt (the cart or the form changes) and the next submit
 * makes a new key. Resolves to the order, or null when the shopper must look again.
 */
export function usePlaceOrder(taxExempt?: boolean) {
  const [createOrder] = useCreateOrderMutation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { enqueueSnackbar } = useSnackbar();
  const attemptKey = useRef<string | null>(null);

  return async (values: CheckoutValues): Promise<Order | null> => {
    attemptKey.current ??= crypto.randomUUID();
    const items = store.getState().cart.items;
    const [result] = await Promise.all([createOrder({ order: orderRequest(values, items, taxExempt), idempotencyKey: attemptKey.current }), wait(CHECKOUT.processingDelayMs)]);
    if ('data' in result && result.data) {
      attemptKey.current = null;
      return result.data;
    }
    const error = result.error as { status?: unknown; data?: unknown } | undefined;
    const conflicts = orderConflictLines(error);
    if (conflicts) {
      attemptKey.current = null;
      const { products, askedIds, changes } = applyOrderConflict(store.getState().cart.items, conflicts);
      dispatch(cartActions.reconcileCart(products, askedIds));
      const { title, description } = cartChangeMessage(changes);
      enqueueSnackbar(toastMessage(title, `${description} Check your order and submit it again.`.trim()), { variant: 'warning' });
    } else if (error?.status === 400 || error?.status === 409) {
      attemptKey.current = null;
      // the practice's terms or tax exemption may have changed: the summary reads them again
      dispatch(practiceApi.util.invalidateTags([{ type: 'Practice', id: 'MINE' }]));
      enqueueSnackbar(toastMessage('Order not placed', badRequestMessage(error.data) ?? errorText(error)), { variant: 'error' });
    } else {
      // no definite answer: the same key on the next submit, so the server never makes a second order
      const reason = typeof error?.status === 'number' ? `${errorText(error)}. Please try again.` : 'Check your connection and try again.';
      enqueueSnackbar(toastMessage('Order not placed', reason), { variant: 'error' });
    }
    return null;
  };
}
