import type { OrderDto } from '../orders/dto/order.dto.js';
import type { OrderEventRow } from '../orders/dto/order.dto.js';

const SUBJECTS: Record<string, (number: string) => string> = {
  placed: (n) => `Your DentalMarket order ${n} is confirmed`,
  processing: (n) => `Your DentalMarket order ${n} is being prepared`,
  shipped: (n) => `Your DentalMarket order ${n} has shipped`,
  delivered: (n) => `Your DentalMarket order ${n} was delivered`,
  cancelled: (n) => `Your DentalMarket order ${n} was cancelled`,
};

const HEADLINES: Record<string, string> = {
  placed: 'Thank you for your order. We have received it and will let you know when it ships.',
  processing: 'We are preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order was delivered.',
  cancelled: 'Your order was cancelled.',
};

/** The plain-text email of one event of an order: what changed, the lines, the totals, the address. */
export function orderEmail(order: OrderDto, event: Pick<OrderEventRow, 'to_status' | 'note'>): { subject: string; text: string } {
  const lines = order.lines.map((line) => `  ${line.quantity} × ${line.name} (${line.manufacturer}) at $${line.unit_price} = $${line.line_total}`);
  const tracking =
    event.to_status === 'shipped' && (order.carrier || order.tracking_number)
      ? [`Carrier: ${order.carrier ?? '–'}`, `Tracking number: ${order.tracking_number ?? '–'}`, '']
      : [];
  const reason = event.note ? [`Note: ${event.note}`, ''] : [];
  const text = [
    `Hello ${order.shipping.fullName},`,
    '',
    HEADLINES[event.to_status],
    '',
    `Order number: ${order.number}`,
    `Status: ${event.to_status}`,
    '',
    ...tracking,
    ...reason,
    'Items:',
    ...lines,
    '',
    `Subtotal: $${order.subtotal}`,
    `Shipping: $${order.shipping_cost}`,
    `Tax: $${order.tax}`,
    `Total: $${order.total} ${order.currency}`,
    '',
    'Shipping to:',
    `  ${order.shipping.fullName}`,
    `  ${order.shipping.address}`,
    `  ${order.shipping.city}, ${order.shipping.state} ${order.shipping.zipCode}`,
    '',
    'DentalMarket',
  ].join('\n');
  return { subject: SUBJECTS[event.to_status]!(order.number), text };
}
