import { Typography, type TypographyProps } from '@mui/material';
import { formatUsd, toCents } from '@dentalmarket/contracts';

/** '$1,234.50' for a price as the client may hold it (wire string, number, or a phrase that counts as 0). */
export function formatPrice(price: string | number | null | undefined, quantity = 1): string {
  return formatUsd(toCents(price) * quantity);
}

export interface PriceProps extends Omit<TypographyProps, 'children'> {
  price: string | number | null | undefined;
  /** multiplies the unit price, e.g. a cart line */
  quantity?: number;
}

/** A product price in US dollars with thousands separators and exactly two decimals (SPEC §9). */
export function Price({ price, quantity = 1, ...typography }: PriceProps) {
  return <Typography {...typography}>{formatPrice(price, quantity)}</Typography>;
}
