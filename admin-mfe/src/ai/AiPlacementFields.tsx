import { MenuItem, Stack } from '@mui/material';
import { useFormikContext } from 'formik';
import { PRODUCT_TYPES, type Category, type ProductType, type Subcategory } from '@dentalmarket/contracts';
import { useGetCategoriesQuery, useGetSubcategoriesQuery } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { TYPE_LABELS } from '../products/productForm.js';
import type { AiSelection } from './aiProduct.js';


/** The loaded lists the save step checks the selection against (a failed fetch is an empty list, SPEC §8). */
export function usePlacementLists(values: AiSelection): { categories: Category[]; subcategories: Subcategory[] } {
  const categories = useGetCategoriesQuery({ productType: values.productType });
  const categoryId = typeof values.categoryId === 'number' ? values.categoryId : 0;
  const subcategories = useGetSubcategoriesQuery(categoryId, { skip: !categoryId });
  return { categories: categories.isError ? [] : (categories.data ?? []), subcategories: subcategories.isError || !categoryId ? [] : (subcategories.data ?? []) };
}

/** SPEC §4/§5: type → category → subcategory; each change resets what depends on it, each list waits for its parent. */
export function AiPlacementFields() {
  const { values, setFieldValue } = useFormikContext<AiSelection>();
  const { categories, subcategories } = usePlacementLists(values);
  return (
    <Stack spacing={2}>
      <FormikTextField
        name="productType"
        label="Product Type"
        select
        fullWidth
        onChange={(event) => {
          void setFieldValue('productType', event.target.value as ProductType);
          void setFieldValue('categoryId', '');
          void setFieldValue('subcategoryId', '');
        }}
      >
        {PRODUCT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </FormikTextField>
      <FormikTextField
        name="categoryId"
        label="Category"
        select
        fullWidth
        disabled={!values.productType}
        onChange={(event) => {
          void setFieldValue('categoryId', Number(event.target.value));
          void setFieldValue('subcategoryId', '');
        }}
      >
        {categories.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </FormikTextField>
      <FormikTextField
        name="subcategoryId"
        label="Subcategory"
        select
        fullWidth
        disabled={values.categoryId === ''}
        onChange={(event) => void setFieldValue('subcategoryId', Number(event.target.value))}
      >
        {subcategories.map((subcategory) => (
          <MenuItem key={subcategory.id} value={subcategory.id}>
            {subcategory.name}
          </MenuItem>
        ))}
      </FormikTextField>
    </Stack>
  );
}
