import { useEffect, useMemo, useRef } from 'react';
import { cartActions, selectCartItems } from './cartSlice.js';
import { reconcileLines, type CartChange } from './cartReconcile.js';
import { useGetProductsByIdsQuery } from './catalogApi.js';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks.js';

/** GET /api/products?ids= takes at most this many ids; lines beyond are left as they are. */
export const CART_RECHECK_MAX_IDS = 100;

export interface CartRecheckOptions {
  /** called once per answer that changed something the shopper reads (see `cartChangeMessage`) */
  onChanged: (changes: CartChange[]) => void;
  /** true while the cart is not shown: nothing is asked */
  skip?: boolean;
}

/**
 * Re-checks the cart's lines against the catalogue whenever the cart is shown (each mount, or
 * `skip` turning false, asks again) and when its set of products changes: lines whose product was
 * deleted go, the others take the current name, price and image. A failed request changes nothing.
 */
export function useCartRecheck({ onChanged, skip = false }: CartRecheckOptions): void {
  const items = useAppSelector(selectCartItems);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const report = useRef(onChanged);
  report.current = onChanged;
  // the key stays the same when only quantities change, so a quantity click asks nothing
  const key = [...new Set(items.map((item) => item.id))].sort((a, b) => a - b).slice(0, CART_RECHECK_MAX_IDS).join(',');
  const askedIds = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
  const { currentData, fulfilledTimeStamp } = useGetProductsByIdsQuery(askedIds, { skip: skip || askedIds.length === 0, refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (!currentData) return;
    const current = store.getState().cart.items;
    const { items: next, changes } = reconcileLines(current, currentData, askedIds);
    // an unchanged cart is not written again (every cart action saves it and tells other tabs)
    if (JSON.stringify(next) !== JSON.stringify(current)) dispatch(cartActions.reconcileCart(currentData, askedIds));
    if (changes.length > 0) report.current(changes);
    // one reconcile per answer: a refetch with equal data is still a new answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentData, fulfilledTimeStamp]);
}
