import { centsToDecimal, type OrderLineConflict, type OrderLineProblem, toCents } from '@dentalmarket/contracts';

/** A product as an order's line is checked against it: the catalogue's row now (price as numeric text). */
export interface CatalogueRow {
  id: number;
  name: string;
  price: string;
  product_type: string;
  in_stock: boolean;
}

/**
 * The conflict of a line that cannot be ordered at `unitCents` now (gone, not equipment, out of
 * stock, another price), or null: the one rule of a checkout's step-by-step path and an approval's recheck.
 */
export function lineConflict(productId: number, product: CatalogueRow | undefined, unitCents: number): OrderLineConflict | null {
  const problem: OrderLineProblem | null = !product
    ? 'not_found'
    : product.product_type !== 'equipment'
      ? 'not_equipment'
      : !product.in_stock
        ? 'out_of_stock'
        : toCents(product.price) !== unitCents
          ? 'price_changed'
          : null;
  return problem ? { product_id: productId, problem, name: product?.name ?? null, current_price: product ? centsToDecimal(toCents(product.price)) : null } : null;
}
