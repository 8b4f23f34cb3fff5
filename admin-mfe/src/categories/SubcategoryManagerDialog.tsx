import { useCallback, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import Tooltip from '@mui/material/Tooltip';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Inventory from '@mui/icons-material/Inventory';
import type { Category, ProductType, Subcategory } from '@dentalmarket/contracts';
import { useDeleteSubcategoryMutation, useGetSubcategoriesQuery, useReorderSubcategoryMutation } from '@dentalmarket/store';
import { adminErrorMessage } from './adminErrors.js';
import { DeleteConfirmDialog } from './DeleteConfirmDialog.js';
import { ManagedList } from './ManagedList.js';
import { ProductsDialog } from './ProductsDialog.js';
import { SubcategoryFormDialog } from './SubcategoryFormDialog.js';
import { useAdminToast } from './useAdminToast.js';
import { useOptimisticOrder } from './useOptimisticOrder.js';

export interface SubcategoryManagerDialogProps {
  open: boolean;
  productType: ProductType;
  category: Category;
  onClose: () => void;
}

interface Opened<T> {
  open: boolean;
  item: T;
}

const EMPTY: Subcategory[] = [];

/** SPEC §2 'Manage Subcategories for {category}': the same search, add, reorder, edit and delete, one level down. */
export function SubcategoryManagerDialog({ open, productType, category, onClose }: SubcategoryManagerDialogProps) {
  const { data, isLoading } = useGetSubcategoriesQuery(category.id, { skip: !open });
  const [reorderSubcategory] = useReorderSubcategoryMutation();
  const [deleteSubcategory] = useDeleteSubcategoryMutation();
  const toast = useAdminToast();
  const [form, setForm] = useState<Opened<Subcategory | null>>({ open: false, item: null });
  const [deleting, setDeleting] = useState<Subcategory | null>(null);
  const [products, setProducts] = useState<Opened<Subcategory> | null>(null);

  const save = useCallback((id: number, sortOrder: number) => reorderSubcategory({ id, sortOrder }).unwrap(), [reorderSubcategory]);
  const orderFailed = useCallback(() => toast.failure('Failed to update subcategory order'), [toast]);
  const { shown, onDragEnd } = useOptimisticOrder(data ?? EMPTY, save, orderFailed);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteSubcategory(deleting.id).unwrap();
      toast.success('Subcategory Deleted', `"${deleting.name}" has been deleted.`);
    } catch (error) {
      toast.failure(`Failed to delete subcategory: ${adminErrorMessage(error, 'Unexpected error')}`);
    }
    setDeleting(null);
  };

  const renderRow = (subcategory: Subcategory) => (
    <>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{subcategory.name}</Typography>
        {subcategory.description && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {subcategory.description}
          </Typography>
        )}
      </Box>
      <Tooltip title="Manage products">
        <IconButton aria-label={`Manage products for ${subcategory.name}`} onClick={() => setProducts({ open: true, item: subcategory })}>
          <Inventory />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${subcategory.name}`} onClick={() => setForm({ open: true, item: subcategory })}>
          <Edit />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${subcategory.name}`} color="error" onClick={() => setDeleting(subcategory)}>
          <Delete />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="manage-subcategories-title"
      // the list may have one scroll parent only (the content), or dragging near its edges misplaces rows
      slotProps={{ paper: { sx: { overflowY: 'visible' } } }}
    >
      <DialogTitle id="manage-subcategories-title">{`Manage Subcategories for ${category.name}`}</DialogTitle>
      <DialogContent dividers>
        <ManagedList
          noun="subcategories"
          searchPlaceholder="Search subcategories..."
          addLabel="Add New Subcategory"
          onAdd={() => setForm({ open: true, item: null })}
          loadingText="Loading subcategory data..."
          emptyText="No subcategories found"
          isLoading={isLoading}
          items={shown}
          onDragEnd={onDragEnd}
          renderRow={renderRow}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <SubcategoryFormDialog
        open={form.open}
        productType={productType}
        categoryId={category.id}
        subcategory={form.item}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
      <DeleteConfirmDialog
        target={deleting ? { kind: 'subcategory', name: deleting.name } : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {products && (
        <ProductsDialog open={products.open} productType={productType} subcategory={products.item} onClose={() => setProducts({ ...products, open: false })} />
      )}
    </Dialog>
  );
}
