import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { OrderGuideSkippedLine } from '@dentalmarket/contracts';
import { cartActions, useAppDispatch, useOrderGuideCartLinesMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { apiMessage } from '../practice/practiceMessages.js';

/**
 * 'Add all to cart' (issue 36): one request answers the guide's lines at today's prices and the lines
 * that cannot be ordered now; the first go into the cart (a product there already gets the quantity
 * added and takes today's name and price), the others are kept in `skipped` for the page to show
 * until the next try, never dropped silently.
 */
export function useAddGuideToCart() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const [fetchLines, { isLoading }] = useOrderGuideCartLinesMutation();
  const [skipped, setSkipped] = useState<OrderGuideSkippedLine[]>([]);

  const addAll = async (guideId: number) => {
    let answer;
    try {
      answer = await fetchLines(guideId).unwrap();
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not add the items', apiMessage(error, 'Check your connection and try again.')), { variant: 'error' });
      return;
    }
    const { lines } = answer;
    for (const line of lines) dispatch(cartActions.addToCart({ product: line, quantity: line.quantity }));
    if (lines.length) dispatch(cartActions.reconcileCart(lines, lines.map((line) => line.id)));
    setSkipped(answer.skipped);
    const items = lines.reduce((sum, line) => sum + line.quantity, 0);
    const notAdded = answer.skipped.length ? `${answer.skipped.length} ${answer.skipped.length === 1 ? 'line was' : 'lines were'} not added (see the guide).` : '';
    if (items === 0) {
      enqueueSnackbar(toastMessage('Nothing added to cart', notAdded || 'This guide has no products yet.'), { variant: 'warning' });
      return;
    }
    const description = `${items} ${items === 1 ? 'item' : 'items'} added at today's prices. ${notAdded}`.trim();
    enqueueSnackbar(toastMessage('Added to cart', description), { variant: notAdded ? 'warning' : 'success' });
  };
  return { addAll, isLoading, skipped };
}
