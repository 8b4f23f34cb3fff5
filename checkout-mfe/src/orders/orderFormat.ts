import type { OrderStatus } from '@dentalmarket/contracts';

export { ORDER_STATUS_LABELS as STATUS_LABELS } from '@dentalmarket/contracts';

/** Theme colours whose chip text reads at 4.5:1 in light and dark (MUI's default info blue is under 4:1 with white). */
export const STATUS_COLORS: Record<OrderStatus, 'default' | 'secondary' | 'primary' | 'success' | 'error'> = {
  awaiting_approval: 'secondary',
  declined: 'error',
  expired: 'default',
  placed: 'default',
  processing: 'secondary',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'error',
};

// money as the shop shows it: libs/ui's formatPrice
export { formatPrice as money } from '@dentalmarket/ui';

/** The rows-per-page choices of the shopper's lists on /orders (orders, service requests). */
export const LIST_PAGE_SIZES = [10, 25, 50];

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatMoment = (iso: string) => moment.format(new Date(iso));
/** A calendar day as the API writes it (YYYY-MM-DD, no time zone): read in UTC, so 2026-05-01 never shows as Apr 30 west of Greenwich. */
export const formatCalendarDay = (ymd: string) => calendarDay.format(new Date(`${ymd}T00:00:00Z`));
