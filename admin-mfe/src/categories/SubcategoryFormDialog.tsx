import { MenuItem } from '@mui/material';
import * as Yup from 'yup';
import type { ProductType, Subcategory } from '@dentalmarket/contracts';
import { useCreateSubcategoryMutation, useGetCategoriesQuery, useUpdateSubcategoryMutation } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from './adminErrors.js';
import { FormDialog } from './FormDialog.js';
import { useAdminToast } from './useAdminToast.js';

export interface SubcategoryValues {
  name: string;
  description: string;
  /** '' until a parent is picked (the select's empty value) */
  category_id: number | '';
}

/** SPEC §5 Subcategory form: name, description and parent category are required. */
export const subcategorySchema = Yup.object({
  name: Yup.string().trim().required('Name is required'),
  description: Yup.string().trim().required('Description is required'),
  category_id: Yup.number().typeError('Parent category is required').required('Parent category is required'),
});

/** The fields of both the create and the edit dialog; the parent is one of the product type's categories. */
export function SubcategoryFields({ productType }: { productType: ProductType }) {
  const { data: categories = [] } = useGetCategoriesQuery({ productType });
  return (
    <>
      <FormikTextField name="name" label="Name" required fullWidth autoFocus />
      <FormikTextField name="description" label="Description" required fullWidth multiline minRows={2} />
      <FormikTextField name="category_id" label="Parent category" required fullWidth select>
        {categories.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </FormikTextField>
    </>
  );
}

export interface SubcategoryFormDialogProps {
  open: boolean;
  productType: ProductType;
  /** the parent a new subcategory starts with: the category whose subcategories are being managed */
  categoryId: number;
  /** the subcategory being edited; null creates one */
  subcategory: Subcategory | null;
  onClose: () => void;
}

/** Create or edit one subcategory, with the SPEC §8 toasts. */
export function SubcategoryFormDialog({ open, productType, categoryId, subcategory, onClose }: SubcategoryFormDialogProps) {
  const [createSubcategory] = useCreateSubcategoryMutation();
  const [updateSubcategory] = useUpdateSubcategoryMutation();
  const toast = useAdminToast();
  const initialValues: SubcategoryValues = subcategory
    ? { name: subcategory.name, description: subcategory.description ?? '', category_id: subcategory.category_id }
    : { name: '', description: '', category_id: categoryId };

  const submit = async (values: SubcategoryValues) => {
    const body = { name: values.name, description: values.description, category_id: Number(values.category_id) };
    try {
      if (subcategory) {
        await updateSubcategory({ id: subcategory.id, changes: body }).unwrap();
        toast.success('Subcategory Updated', `"${values.name}" has been updated.`);
      } else {
        await createSubcategory(body).unwrap();
        toast.success('Subcategory Created', `"${values.name}" has been created.`);
      }
      return true;
    } catch (error) {
      const verb = subcategory ? 'update' : 'create';
      toast.failure(`Failed to ${verb} subcategory: ${adminErrorMessage(error, 'Unexpected error')}`);
      return false;
    }
  };

  return (
    <FormDialog
      open={open}
      title={subcategory ? 'Edit Subcategory' : 'Add New Subcategory'}
      submitLabel={subcategory ? 'Save Changes' : 'Create Subcategory'}
      initialValues={initialValues}
      validationSchema={subcategorySchema}
      onSubmit={submit}
      onClose={onClose}
    >
      <SubcategoryFields productType={productType} />
    </FormDialog>
  );
}
