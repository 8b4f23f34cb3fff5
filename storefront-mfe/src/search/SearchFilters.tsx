import type { ReactNode } from 'react';
import { Box, Button, Divider, Typography } from '@mui/material';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { RATING_FILTERS, type FacetCount, type ProductListResponse, type ProductType } from '@dentalmarket/contracts';
import { ManufacturerFilter } from './ManufacturerFilter.js';
import { PriceFilter } from './PriceFilter.js';
import { TYPE_LABELS, TYPE_ORDER } from './productTypes.js';
import { activeFilterCount, countText, facetsQuery, withoutFilters, type SearchState } from './searchState.js';

/** '4 stars & up', '1 star & up'. */
export const ratingLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'} & up`;

const withCount = (label: string, facet: FacetCount<unknown> | undefined) => (facet ? `${label} (${countText(facet.count, facet.capped)})` : label);

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, p: 0 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}

const labelSx = { mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } };

interface Props {
  state: SearchState;
  /** the counts of the current results, from the list's first page (undefined while they load) */
  facets: ProductListResponse['facets'];
  onChange: (next: SearchState) => void;
}

/**
 * The results page's filters, each option with how many results it would leave: product type,
 * price range, manufacturer, minimum rating and stock, and 'Clear filters'.
 */
export function SearchFilters({ state, facets, onChange }: Props) {
  const typeCount = (type: ProductType) => facets?.productTypes.find((f) => f.value === type);
  const ratingCount = (stars: number) => facets?.ratings.find((f) => f.value === stars);
  const filtered = activeFilterCount(state) > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="search-filters">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }}>
        <Typography variant="h3" component="h2">
          Filters
        </Typography>
        {filtered && (
          <Button size="small" onClick={() => onChange(withoutFilters(state))}>
            Clear filters
          </Button>
        )}
      </Box>
      <Section legend="Product type">
        <RadioGroup value={state.type ?? ''} onChange={(event) => onChange({ ...state, type: (event.target.value || null) as ProductType | null })}>
          <FormControlLabel sx={labelSx} value="" control={<Radio size="small" />} label="All types" />
          {TYPE_ORDER.map((type) => (
            <FormControlLabel
              key={type}
              sx={labelSx}
              value={type}
              // a choice that would leave nothing is shown, not offered
              disabled={typeCount(type)?.count === 0 && state.type !== type}
              control={<Radio size="small" />}
              label={withCount(TYPE_LABELS[type], typeCount(type))}
            />
          ))}
        </RadioGroup>
      </Section>
      <Divider />
      <Section legend="Price">
        <PriceFilter min={state.minPrice} max={state.maxPrice} bounds={facets?.price ?? null} onApply={(minPrice, maxPrice) => onChange({ ...state, minPrice, maxPrice })} />
      </Section>
      <Divider />
      <Section legend="Manufacturer">
        <ManufacturerFilter
          selected={state.manufacturers}
          top={facets?.manufacturers ?? []}
          more={facets?.manufacturersMore ?? false}
          query={facetsQuery(state)}
          onChange={(manufacturers) => onChange({ ...state, manufacturers })}
        />
      </Section>
      <Divider />
      <Section legend="Rating">
        <RadioGroup value={state.minRating ? String(state.minRating) : ''} onChange={(event) => onChange({ ...state, minRating: Number(event.target.value) || null })}>
          <FormControlLabel sx={labelSx} value="" control={<Radio size="small" />} label="Any rating" />
          {RATING_FILTERS.map((stars) => (
            <FormControlLabel
              key={stars}
              sx={labelSx}
              value={String(stars)}
              disabled={ratingCount(stars)?.count === 0 && state.minRating !== stars}
              control={<Radio size="small" />}
              label={withCount(ratingLabel(stars), ratingCount(stars))}
            />
          ))}
        </RadioGroup>
      </Section>
      <Divider />
      <Section legend="Availability">
        <FormControlLabel
          sx={labelSx}
          control={<Checkbox size="small" checked={state.inStock} onChange={(event) => onChange({ ...state, inStock: event.target.checked })} />}
          label={withCount('In stock only', facets?.inStock)}
        />
      </Section>
    </Box>
  );
}
