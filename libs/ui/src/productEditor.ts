import { createContext, useContext } from 'react';
import type { ProductType } from '@dentalmarket/contracts';

/** What the storefront asks the admin remote's product dialog to open with. */
export interface ProductEditorRequest {
  /** edit this product; absent to create one */
  productId?: number;
  /** a new product's starting type, category and subcategory (the marketplace's current view) */
  preset?: { productType?: ProductType; categoryId?: number; subcategoryId?: number };
}

export type OpenProductEditor = (request: ProductEditorRequest) => void;

/**
 * The edit handler of SPEC §2 'Product cards': the shell provides it for admins (it loads the
 * admin remote's dialog only when first used); without it, cards and the marketplace show no
 * admin controls. libs/ui is a shared singleton, so every remote sees the shell's provider.
 */
export const ProductEditorContext = createContext<OpenProductEditor | null>(null);

export function useProductEditor(): OpenProductEditor | null {
  return useContext(ProductEditorContext);
}
