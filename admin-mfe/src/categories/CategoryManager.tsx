import { useCallback, useState } from 'react';
import { Box, Chip, IconButton, Typography } from '@mui/material';
import Tooltip from '@mui/material/Tooltip';
import AccountTree from '@mui/icons-material/AccountTree';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import type { Category, ProductType } from '@dentalmarket/contracts';
import { useDeleteCategoryMutation, useGetCategoriesQuery, useGetCategoryUsageQuery, useReorderCategoryMutation } from '@dentalmarket/store';
import { adminErrorMessage } from './adminErrors.js';
import { CategoryFormDialog } from './CategoryFormDialog.js';
import { CategoryIcon } from './categoryIcons.js';
import { categoryDeleteNotice } from './categoryUsage.js';
import { DeleteConfirmDialog } from './DeleteConfirmDialog.js';
import { ManagedList } from './ManagedList.js';
import { SubcategoryManagerDialog } from './SubcategoryManagerDialog.js';
import { useAdminToast } from './useAdminToast.js';
import { useOptimisticOrder } from './useOptimisticOrder.js';

export interface CategoryManagerProps {
  productType: ProductType;
}

/** A dialog's subject stays set while `open` turns false, so the dialog keeps its text as it fades out. */
interface Opened<T> {
  open: boolean;
  item: T;
}

const EMPTY: Category[] = [];

/** SPEC §2 category management: search, add, reorder, edit, delete, and each category's subcategories. */
export function CategoryManager({ productType }: CategoryManagerProps) {
  const { data, isLoading } = useGetCategoriesQuery({ productType });
  const [reorderCategory] = useReorderCategoryMutation();
  const [deleteCategory] = useDeleteCategoryMutation();
  const toast = useAdminToast();
  const [form, setForm] = useState<Opened<Category | null>>({ open: false, item: null });
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [managing, setManaging] = useState<Opened<Category> | null>(null);
  const usage = useGetCategoryUsageQuery(deleting?.id ?? 0, { skip: !deleting, refetchOnMountOrArgChange: true });

  const save = useCallback((id: number, sortOrder: number) => reorderCategory({ id, sortOrder }).unwrap(), [reorderCategory]);
  const orderFailed = useCallback(() => toast.failure('Failed to update category order'), [toast]);
  const { shown, onDragEnd } = useOptimisticOrder(data ?? EMPTY, save, orderFailed);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteCategory(deleting.id).unwrap();
      toast.success('Category Deleted', `"${deleting.name}" has been deleted.`);
    } catch (error) {
      // a category that still has products is refused with 409 and a message saying how many
      toast.failure(`Failed to delete category: ${adminErrorMessage(error, 'Unexpected error')}`);
    }
    setDeleting(null);
  };

  const renderRow = (category: Category) => (
    <>
      {/* decorative: on a phone its room goes to the name */}
      <CategoryIcon name={category.icon} color="primary" aria-hidden sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
      {/* the count wraps under the name when the row is narrow: beside it, on a phone it covered the name */}
      <Box sx={{ flexGrow: 1, minWidth: 0 }} data-testid="category-text">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: 0 }}>{category.name}</Typography>
          <Chip size="small" label={`${category.subcategory_count} ${category.subcategory_count === 1 ? 'subcategory' : 'subcategories'}`} />
        </Box>
        {category.description && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {category.description}
          </Typography>
        )}
      </Box>
      <Tooltip title="Manage subcategories">
        <IconButton aria-label={`Manage subcategories for ${category.name}`} onClick={() => setManaging({ open: true, item: category })}>
          <AccountTree />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${category.name}`} onClick={() => setForm({ open: true, item: category })}>
          <Edit />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${category.name}`} color="error" onClick={() => setDeleting(category)}>
          <Delete />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <Box>
      <ManagedList
        noun="categories"
        searchPlaceholder="Search categories..."
        addLabel="Add New Category"
        onAdd={() => setForm({ open: true, item: null })}
        loadingText="Loading category data..."
        emptyText="No categories found"
        isLoading={isLoading}
        items={shown}
        onDragEnd={onDragEnd}
        renderRow={renderRow}
      />
      <CategoryFormDialog open={form.open} productType={productType} category={form.item} onClose={() => setForm((f) => ({ ...f, open: false }))} />
      <DeleteConfirmDialog
        target={deleting ? { kind: 'category', name: deleting.name } : null}
        // asked afresh on each open; without an answer the general warning stays and the server decides
        notice={deleting && usage.data && !usage.isFetching ? categoryDeleteNotice(usage.data) : undefined}
        checking={usage.isFetching}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {managing && (
        <SubcategoryManagerDialog
          open={managing.open}
          productType={productType}
          category={managing.item}
          onClose={() => setManaging({ ...managing, open: false })}
        />
      )}
    </Box>
  );
}
