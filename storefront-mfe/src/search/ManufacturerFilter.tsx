import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { FacetCount } from '@dentalmarket/contracts';
import { useGetProductFacetsQuery, type ProductFacetsQuery } from '@dentalmarket/store';
import { useDebouncedValue } from '@dentalmarket/ui';
import { FilterField } from '../components/FilterField.js';
import { countText } from './searchState.js';

interface Props {
  selected: string[];
  /** the most frequent manufacturers of the results (selected ones included) */
  top: FacetCount[];
  /** more match than `top` lists: offer a search among them */
  more: boolean;
  query: ProductFacetsQuery;
  onChange: (selected: string[]) => void;
}

/** Manufacturer checkboxes with counts: the top 20, and the rest found by typing (the facets' manufacturerSearch). */
export function ManufacturerFilter({ selected, top, more, query, onChange }: Props) {
  const [term, setTerm] = useState('');
  const needle = useDebouncedValue(term.trim(), 200);
  const { currentData: found, isFetching } = useGetProductFacetsQuery({ ...query, manufacturerSearch: needle }, { skip: needle === '' });
  const searching = term.trim() !== '';
  const shown = searching ? (found?.manufacturers ?? []) : top;
  const toggle = (name: string, on: boolean) => onChange(on ? [...selected, name] : selected.filter((m) => m !== name));
  return (
    <Box>
      {(more || searching) && (
        <FilterField value={term} onChange={setTerm} placeholder="Search manufacturers" label="Search manufacturers" mb={1} />
      )}
      {searching && !isFetching && found && shown.length === 0 && (
        <Typography variant="body2" color="text.secondary" role="status">
          No manufacturer matches
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: 320, overflowY: 'auto' }}>
        {shown.map((m) => (
          <FormControlLabel
            key={m.value}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem', minWidth: 0, overflowWrap: 'anywhere' } }}
            control={<Checkbox size="small" checked={selected.includes(m.value)} onChange={(event) => toggle(m.value, event.target.checked)} />}
            label={`${m.value} (${countText(m.count, m.capped)})`}
          />
        ))}
      </Box>
    </Box>
  );
}
