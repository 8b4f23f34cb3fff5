import { useSnackbar } from 'notistack';
import type { Product } from '@dentalmarket/contracts';
import { cartActions, cartAddError, selectCartItems, useAppDispatch, useAppSelector } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';

/** Adds a product to the shared cart with the spec's toasts (SPEC §8 Cart). */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const { enqueueSnackbar } = useSnackbar();

  return (product: Product | null | undefined) => {
    const problem = cartAddError(product);
    if (problem || !product) {
      window.alert(problem);
      return;
    }
    const already = items.some((item) => item.id === product.id);
    try {
      dispatch(cartActions.addToCart({ product }));
    } catch (error) {
      window.alert(`Failed to add item to cart: ${(error as Error).message}`);
      return;
    }
    enqueueSnackbar(
      already ? toastMessage('Cart updated', `Updated quantity for ${product.name}`) : toastMessage('Added to cart', product.name),
      { variant: 'success' },
    );
  };
}
