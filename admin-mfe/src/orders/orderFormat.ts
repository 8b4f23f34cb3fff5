import type { OrderStatus, SupplierOrderStatus } from '@dentalmarket/contracts';

export { ORDER_STATUS_LABELS as STATUS_LABELS } from '@dentalmarket/contracts';

/** The chip colour of each status: outlined chips keep the text readable in light and dark. */
export const STATUS_COLORS = {
  // issue 36: never in the admin's grid (the supplier sees placed orders only), named for completeness
  awaiting_approval: 'default',
  declined: 'default',
  expired: 'default',
  placed: 'default',
  processing: 'secondary',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'error',
} as const satisfies Record<OrderStatus, string>;

/** The button that moves an order to a status (ORDER_TRANSITIONS decides which are shown). */
export const TRANSITION_LABELS: Record<SupplierOrderStatus, string> = {
  placed: 'Mark as placed',
  processing: 'Mark as processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};

// money as the shop shows it: libs/ui's formatPrice
export { formatPrice as usd } from '@dentalmarket/ui';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp as the admin reads it, in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
