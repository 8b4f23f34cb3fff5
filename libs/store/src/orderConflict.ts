import type { CartItem, OrderLineConflict } from '@dentalmarket/contracts';
import { reconcileLines, type CartChange, type CatalogueLine } from './cartReconcile.js';

/** The lines of a 409 from POST /api/orders (OrderConflictResponse), or null for any other error. */
export function orderConflictLines(error: unknown): OrderLineConflict[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: { lines?: unknown } };
  return status === 409 && Array.isArray(data?.lines) ? (data.lines as OrderLineConflict[]) : null;
}

/**
 * What `cartActions.reconcileCart` needs to apply a 409's lines to the cart: every named line is
 * "asked about"; a line that cannot be ordered (gone, not equipment, out of stock) is left out of
 * the answer so it goes, and a changed price comes back with the catalogue's name and price (the
 * cart keeps its manufacturer and image: the 409 does not carry them). `changes` is for the toast.
 */
export function applyOrderConflict(items: CartItem[], conflicts: OrderLineConflict[]): { products: CatalogueLine[]; askedIds: number[]; changes: CartChange[] } {
  const askedIds = conflicts.map((line) => line.product_id);
  const products: CatalogueLine[] = [];
  for (const conflict of conflicts) {
    const item = items.find((line) => line.id === conflict.product_id);
    if (!item || conflict.problem !== 'price_changed' || conflict.current_price === null) continue;
    products.push({ id: item.id, name: conflict.name ?? item.name, manufacturer: item.manufacturer, price: conflict.current_price, image_url: item.image_url });
  }
  return { products, askedIds, changes: reconcileLines(items, products, askedIds).changes };
}
