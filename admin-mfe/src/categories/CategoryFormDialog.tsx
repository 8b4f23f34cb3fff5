import { Box, MenuItem } from '@mui/material';
import * as Yup from 'yup';
import type { Category, ProductType } from '@dentalmarket/contracts';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from './adminErrors.js';
import { CATEGORY_ICONS, DEFAULT_CATEGORY_ICON } from './categoryIcons.js';
import { FormDialog } from './FormDialog.js';
import { useAdminToast } from './useAdminToast.js';

export interface CategoryValues {
  name: string;
  description: string;
  icon: string;
}

/** SPEC §5 Category form: name, description and icon are required. */
export const categorySchema = Yup.object({
  name: Yup.string().trim().required('Name is required'),
  description: Yup.string().trim().required('Description is required'),
  icon: Yup.string().required('Icon is required'),
});

/** The fields of both the create and the edit dialog. */
export function CategoryFields() {
  return (
    <>
      <FormikTextField name="name" label="Name" required fullWidth autoFocus />
      <FormikTextField name="description" label="Description" required fullWidth multiline minRows={2} />
      <FormikTextField name="icon" label="Icon" required fullWidth select>
        {CATEGORY_ICONS.map(({ value, label, Icon }) => (
          <MenuItem key={value} value={value}>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <Icon fontSize="small" aria-hidden />
              {`${label} (${value})`}
            </Box>
          </MenuItem>
        ))}
      </FormikTextField>
    </>
  );
}

export interface CategoryFormDialogProps {
  open: boolean;
  productType: ProductType;
  /** the category being edited; null creates one */
  category: Category | null;
  onClose: () => void;
}

/** Create or edit one category of the manager's product type, with the SPEC §8 toasts. */
export function CategoryFormDialog({ open, productType, category, onClose }: CategoryFormDialogProps) {
  const [createCategory] = useCreateCategoryMutation();
  const [updateCategory] = useUpdateCategoryMutation();
  const toast = useAdminToast();
  const initialValues: CategoryValues = category
    ? { name: category.name, description: category.description ?? '', icon: category.icon || DEFAULT_CATEGORY_ICON }
    : { name: '', description: '', icon: DEFAULT_CATEGORY_ICON };

  const submit = async (values: CategoryValues) => {
    const body = { ...values, product_type: productType };
    try {
      if (category) {
        await updateCategory({ id: category.id, changes: body }).unwrap();
        toast.success('Category Updated', `"${values.name}" has been updated.`);
      } else {
        await createCategory(body).unwrap();
        toast.success('Category Created', `"${values.name}" has been created.`);
      }
      return true;
    } catch (error) {
      const verb = category ? 'update' : 'create';
      toast.failure(`Failed to ${verb} category: ${adminErrorMessage(error, 'Unexpected error')}`);
      return false;
    }
  };

  return (
    <FormDialog
      open={open}
      title={category ? 'Edit Category' : 'Add New Category'}
      submitLabel={category ? 'Save Changes' : 'Create Category'}
      initialValues={initialValues}
      validationSchema={categorySchema}
      onSubmit={submit}
      onClose={onClose}
    >
      <CategoryFields />
    </FormDialog>
  );
}
