import { useEffect, useState } from 'react';
import { Box, InputAdornment, TextField } from '@mui/material';
import { PRICE_PATTERN } from './searchState.js';

export const PRICE_FORMAT_ERROR = 'Enter an amount such as 25 or 19.99';
export const PRICE_ORDER_ERROR = 'Min must not be more than max';

interface Props {
  min: string | null;
  max: string | null;
  /** the catalogue's lowest and highest price of the results, shown as placeholders */
  bounds: { min: string; max: string } | null;
  onApply: (min: string | null, max: string | null) => void;
}

/** What is wrong with a range as typed, per field; nothing when it can be applied. */
export function priceErrors(min: string, max: string): { min?: string; max?: string } {
  const errors: { min?: string; max?: string } = {};
  if (min && !PRICE_PATTERN.test(min)) errors.min = PRICE_FORMAT_ERROR;
  if (max && !PRICE_PATTERN.test(max)) errors.max = PRICE_FORMAT_ERROR;
  if (!errors.min && !errors.max && min && max && Number(min) > Number(max)) errors.max = PRICE_ORDER_ERROR;
  return errors;
}

/** Min and max price, applied when a field is left or Enter is pressed (never per keystroke), once valid. */
export function PriceFilter({ min, max, bounds, onApply }: Props) {
  const [typed, setTyped] = useState({ min: min ?? '', max: max ?? '' });
  const [shownErrors, setShownErrors] = useState<{ min?: string; max?: string }>({});
  // Back, Forward or 'Clear filters' change the range under the fields
  useEffect(() => {
    setTyped({ min: min ?? '', max: max ?? '' });
    setShownErrors({});
  }, [min, max]);

  const apply = () => {
    const next = { min: typed.min.trim(), max: typed.max.trim() };
    const errors = priceErrors(next.min, next.max);
    setShownErrors(errors);
    if (errors.min || errors.max) return;
    if ((next.min || null) !== min || (next.max || null) !== max) onApply(next.min || null, next.max || null);
  };
  const field = (key: 'min' | 'max', label: string) => (
    <TextField
      size="small"
      label={label}
      value={typed[key]}
      placeholder={bounds ? String(Math[key === 'min' ? 'floor' : 'ceil'](Number(bounds[key]))) : undefined}
      onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        }
      }}
      error={Boolean(shownErrors[key])}
      helperText={shownErrors[key]}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        inputLabel: { shrink: true },
      }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, alignItems: 'start' }}>
      {field('min', 'Min price')}
      {field('max', 'Max price')}
    </Box>
  );
}
