import { MenuItem, TextField } from '@mui/material';
import { PRODUCT_TYPES, type ProductType } from '@dentalmarket/contracts';
import { useGetCategoriesQuery } from '@dentalmarket/store';
import { TYPE_LABELS } from './productForm.js';

/** The grid's filters as chosen; '' is 'all'. */
export interface ProductFilterValues {
  type: ProductType | '';
  categoryId: number | '';
  stock: '' | 'in' | 'out';
}

export const NO_FILTERS: ProductFilterValues = { type: '', categoryId: '', stock: '' };

export interface ProductFiltersProps {
  value: ProductFilterValues;
  onChange: (next: ProductFilterValues) => void;
  /** type and category are fixed by the caller (a subcategory's products): only stock is offered */
  stockOnly?: boolean;
}

const selectProps = { size: 'small', select: true, sx: { minWidth: 150 } } as const;

/** Type, category (of the chosen type, or all) and stock filters of the admin products grid. */
export function ProductFilters({ value, onChange, stockOnly }: ProductFiltersProps) {
  const categories = useGetCategoriesQuery(value.type ? { productType: value.type } : undefined, { skip: stockOnly });
  return (
    <>
      {stockOnly ? null : (
        <>
          <TextField
            {...selectProps}
            label="Type"
            value={value.type}
            // a category belongs to one type: changing the type clears it
            onChange={(event) => onChange({ ...value, type: event.target.value as ProductType | '', categoryId: '' })}
          >
            <MenuItem value="">All types</MenuItem>
            {PRODUCT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {TYPE_LABELS[type].split(' ')[0]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...selectProps}
            label="Category"
            value={categories.data?.some((c) => c.id === value.categoryId) ? value.categoryId : ''}
            onChange={(event) => onChange({ ...value, categoryId: event.target.value === '' ? '' : Number(event.target.value) })}
          >
            <MenuItem value="">All categories</MenuItem>
            {(categories.data ?? []).map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      <TextField {...selectProps} label="Stock" value={value.stock} onChange={(event) => onChange({ ...value, stock: event.target.value as ProductFilterValues['stock'] })}>
        <MenuItem value="">All stock</MenuItem>
        <MenuItem value="in">In stock</MenuItem>
        <MenuItem value="out">Out of stock</MenuItem>
      </TextField>
    </>
  );
}

/** The list query's filter params: only those chosen are sent (the API refuses unknown empty ones). */
export function filterParams(filters: ProductFilterValues): { productType?: ProductType; categoryId?: number; inStock?: boolean } {
  return {
    ...(filters.type ? { productType: filters.type } : {}),
    ...(filters.categoryId !== '' ? { categoryId: filters.categoryId } : {}),
    ...(filters.stock ? { inStock: filters.stock === 'in' } : {}),
  };
}
