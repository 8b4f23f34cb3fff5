import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ProductType, Subcategory } from '@dentalmarket/contracts';
import { ProductManager } from '../products/ProductManager.js';

export interface ProductsDialogProps {
  open: boolean;
  productType: ProductType;
  subcategory: Subcategory;
  onClose: () => void;
}

/** SPEC §2: 'Manage Products for {subcategory}', the product manager narrowed to that subcategory. */
export function ProductsDialog({ open, productType, subcategory, onClose }: ProductsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="manage-products-title">
      <DialogTitle id="manage-products-title">{`Manage Products for ${subcategory.name}`}</DialogTitle>
      <DialogContent dividers>
        <ProductManager subcategoryId={subcategory.id} categoryId={subcategory.category_id} productType={productType} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
