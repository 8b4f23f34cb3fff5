import { formatUsd, toCents, type OrderStatus } from '@dentalmarket/contracts';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Theme colours whose chip text reads at 4.5:1 in light and dark (MUI's default info blue is under 4:1 with white). */
export const STATUS_COLORS: Record<OrderStatus, 'default' | 'secondary' | 'primary' | 'success' | 'error'> = {
  placed: 'default',
  processing: 'secondary',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'error',
};

/** A wire amount ("1299.00") as the shop shows money: "$1,299.00". */
export const money = (amount: string) => formatUsd(toCents(amount));

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatMoment = (iso: string) => moment.format(new Date(iso));
