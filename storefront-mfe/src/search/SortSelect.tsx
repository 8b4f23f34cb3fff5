import { MenuItem, TextField } from '@mui/material';
import { PRODUCT_SORT_LABELS } from '@dentalmarket/contracts';
import type { ProductQuerySort } from '@dentalmarket/store';
import { defaultSort, sortOptions } from './searchState.js';

/** 'Sort by': every order of PRODUCT_SORT_LABELS, 'Best match' only (and by default) with a search. */
export function SortSelect({ search, value, onChange }: { search: string; value: ProductQuerySort | null; onChange: (sort: ProductQuerySort) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={value ?? defaultSort(search)}
      onChange={(event) => onChange(event.target.value as ProductQuerySort)}
      sx={{ minWidth: 190 }}
    >
      {sortOptions(search).map((sort) => (
        <MenuItem key={sort} value={sort}>
          {PRODUCT_SORT_LABELS[sort]}
        </MenuItem>
      ))}
    </TextField>
  );
}
