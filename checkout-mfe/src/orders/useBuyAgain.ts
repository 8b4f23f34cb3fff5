import { useSnackbar } from 'notistack';
import type { Order } from '@dentalmarket/contracts';
import { cartActions, catalogApi, useAppDispatch } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';

/**
 * 'Buy again' (issue 18): asks the catalogue for the order's products now, puts those still sold
 * here (equipment, in stock) into the cart at today's price and the ordered quantity, and says in a
 * toast which were not.
 */
export function useBuyAgain() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const [fetchProducts, { isFetching }] = catalogApi.endpoints.getProductsByIds.useLazyQuery();

  const buyAgain = async (order: Order) => {
    const ids = [...new Set(order.lines.map((line) => line.product_id))].sort((a, b) => a - b);
    // the trigger asks the server again (today's prices), whatever the cache holds
    const result = await fetchProducts(ids);
    if (!result.data) {
      enqueueSnackbar(toastMessage('Could not add the items', 'Check your connection and try again.'), { variant: 'error' });
      return;
    }
    const available = new Map(result.data.filter((p) => p.product_type === 'equipment' && p.in_stock).map((p) => [p.id, p]));
    const missing: string[] = [];
    let added = 0;
    for (const line of order.lines) {
      const product = available.get(line.product_id);
      if (!product) {
        missing.push(`“${line.name}”`);
        continue;
      }
      dispatch(cartActions.addToCart({ product, quantity: line.quantity }));
      added += line.quantity;
    }
    const notAvailable = missing.length ? `Not available now: ${missing.join(', ')}.` : '';
    if (added === 0) {
      enqueueSnackbar(toastMessage('Nothing added to cart', notAvailable), { variant: 'warning' });
      return;
    }
    const description = `${added} ${added === 1 ? 'item' : 'items'} added at today's prices. ${notAvailable}`.trim();
    enqueueSnackbar(toastMessage('Added to cart', description), { variant: missing.length ? 'warning' : 'success' });
  };
  return { buyAgain, isFetching };
}
