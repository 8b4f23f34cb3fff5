import type { ProductEditorRequest } from '@dentalmarket/ui';
import { ProductFormDialog } from './products/ProductFormDialog.js';

/**
 * Exposed as `admin/ProductEditor`: the admin product dialog the marketplace opens for 'Add New
 * Product' (preset to the current type and subcategory) and for a card's edit button.
 */
export default function ProductEditor({ request, onClose }: { request: ProductEditorRequest; onClose: () => void }) {
  return <ProductFormDialog open productId={request.productId ?? null} preset={request.preset} onClose={onClose} />;
}
