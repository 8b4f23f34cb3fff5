import { taxExemptReason } from '@dentalmarket/contracts';
import type { OrderDto } from '../orders/dto/order.dto.js';
import type { OrderEventRow } from '../orders/dto/order.dto.js';
import { escapeHtml } from '../seo/page-head.js';

const SUBJECTS: Record<string, (number: string) => string> = {
  placed: (n) => `Your DentalMarket order ${n} is confirmed`,
  declined: (n) => `Your DentalMarket order ${n} was declined`,
  expired: (n) => `Your DentalMarket order ${n} expired without approval`,
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
  declined: 'An owner of your practice declined this order. It was not placed.',
  expired: 'No owner of your practice approved this order in time. It was not placed.',
};

/** Where an email sends its reader to see the order, with what the link's words are. */
export interface OrderLink {
  url: string;
  label: string;
  /** said after the link */
  note?: string;
}

/**
 * The shop's page of an order for the email's reader: an account's order is on its order page
 * (/orders/:number, after signing in); a guest's is found at /orders/lookup, whose form the
 * `number` parameter fills in, with the email address the order was placed with (the shell's
 * ORDER_PAGES and the checkout remote's OrderLookup). `origin` is the shop's, without a slash at the end.
 */
export function orderLink(origin: string, number: string, placedSignedIn: boolean): OrderLink {
  const encoded = encodeURIComponent(number);
  return placedSignedIn
    ? { url: `${origin}/orders/${encoded}`, label: 'View your order' }
    : { url: `${origin}/orders/lookup?number=${encoded}`, label: 'Look up your order', note: 'with its number and this email address' };
}

type Line = string | OrderLink;

/**
 * The email of one event of an order: what changed, where to see the order, the lines, the totals,
 * the address; as plain text and as HTML with the same lines (the link a link).
 */
export function orderEmail(order: OrderDto, event: Pick<OrderEventRow, 'to_status' | 'note'>, link: OrderLink, greeting = order.shipping.fullName): { subject: string; text: string; html: string } {
  const lines = order.lines.map((line) => `  ${line.quantity} × ${line.name} (${line.manufacturer}) at $${line.unit_price} = $${line.line_total}`);
  const tracking =
    event.to_status === 'shipped' && (order.carrier || order.tracking_number)
      ? [`Carrier: ${order.carrier ?? '–'}`, `Tracking number: ${order.tracking_number ?? '–'}`, '']
      : [];
  const reason = event.note ? [`${event.to_status === 'declined' ? 'Reason' : 'Note'}: ${event.note}`, ''] : [];
  const po = order.po_number ? [`PO number: ${order.po_number}`] : [];
  const invoice = order.payment_due_at ? [`Payment: by invoice, due ${new Date(order.payment_due_at).toUTCString().slice(0, 16)}`] : [];
  const content: Line[] = [
    `Hello ${greeting},`,
    '',
    HEADLINES[event.to_status]!,
    '',
    `Order number: ${order.number}`,
    ...po,
    ...invoice,
    `Status: ${event.to_status}`,
    link,
    '',
    ...tracking,
    ...reason,
    'Items:',
    ...lines,
    '',
    `Subtotal: $${order.subtotal}`,
    `Shipping: $${order.shipping_cost}`,
    `Tax: $${order.tax}`,
    ...exemption(order),
    `Total: $${order.total} ${order.currency}`,
    '',
    'Shipping to:',
    `  ${order.shipping.fullName}`,
    `  ${order.shipping.address}`,
    `  ${order.shipping.city}, ${order.shipping.state} ${order.shipping.zipCode}`,
    '',
    'DentalMarket',
  ];
  return { subject: SUBJECTS[event.to_status]!(order.number), ...emailBody(content) };
}

/** Issue 36: why an order carries no tax, under its tax line. */
const exemption = (order: OrderDto): string[] => (order.tax_exempt_certificate ? [`  ${taxExemptReason(order.tax_exempt_certificate, order.tax_exempt_until ?? '')}`] : []);

/** An email's lines as plain text and as HTML with the same lines (a link a link, indents kept). */
export function emailBody(content: Line[]): { text: string; html: string } {
  const text = content.map((line) => (typeof line === 'string' ? line : `${line.label}${line.note ? ` (${line.note})` : ''}: ${line.url}`)).join('\n');
  const html =
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.4">\n' +
    content
      .map((line) =>
        typeof line === 'string'
          ? escapeHtml(line).replace(/^ +/, (indent) => '&nbsp;'.repeat(indent.length))
          : `<a href="${escapeHtml(line.url)}">${escapeHtml(line.label)}</a>${line.note ? ` (${escapeHtml(line.note)})` : ''}`,
      )
      .join('<br>\n') +
    '\n</body></html>\n';
  return { text, html };
}

/**
 * Issue 36: the email to a practice's owners about an order a member submitted for their approval:
 * who, what, the PO number, when it expires, and the link to the approvals list on the Practice page.
 */
export function approvalRequestEmail(order: OrderDto, submitter: string, practiceUrl: string): { subject: string; text: string; html: string } {
  const content: Line[] = [
    'Hello,',
    '',
    `${submitter} submitted order ${order.number} for your approval. It is not placed until an owner approves it.`,
    '',
    `Order number: ${order.number}`,
    ...(order.po_number ? [`PO number: ${order.po_number}`] : []),
    ...exemption(order),
    `Total: $${order.total} ${order.currency}`,
    ...(order.approval_expires_at ? [`Expires unless approved: ${new Date(order.approval_expires_at).toUTCString()}`] : []),
    { url: practiceUrl, label: 'Approve or decline it', note: 'on your Practice page' },
    '',
    'Items:',
    ...order.lines.map((line) => `  ${line.quantity} × ${line.name} (${line.manufacturer}) at $${line.unit_price} = $${line.line_total}`),
    '',
    'DentalMarket',
  ];
  return { subject: `Approval needed: DentalMarket order ${order.number} from ${submitter}`, ...emailBody(content) };
}
