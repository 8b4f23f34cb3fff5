import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  centsToDecimal,
  type Order,
  type OrderEvent,
  type OrderLine,
  type OrderListResponse,
  type OrderStats,
  type OrderStatus,
  type OrderSummary,
  ORDER_STATUSES,
} from '@dentalmarket/contracts';
import { ShippingAddressDto } from './create-order.dto.js';

export class OrderLineDto implements OrderLine {
  @ApiProperty({ example: 12 }) product_id: number;
  @ApiProperty({ example: 'Aria Treatment Centre' }) name: string;
  @ApiProperty({ example: 'Meridian' }) manufacturer: string;
  @ApiProperty({ example: '1299.00' }) unit_price: string;
  @ApiProperty({ type: String, nullable: true, example: '/media/seed/chair.webp' }) image_url: string | null;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ example: '2598.00' }) line_total: string;
}

export class OrderEventDto implements OrderEvent {
  @ApiProperty({ enum: ORDER_STATUSES, nullable: true, example: 'placed' }) from_status: OrderStatus | null;
  @ApiProperty({ enum: ORDER_STATUSES, example: 'processing' }) to_status: OrderStatus;
  @ApiProperty({ description: "'customer', 'guest', 'system', the admin's username, or the API key that made the change ('API key <name> (<prefix>)')", example: 'admin' }) actor: string;
  @ApiProperty({ type: String, nullable: true, example: null }) note: string | null;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
}

export class OrderDto implements Order {
  @ApiProperty({ example: 'DM-7K3QX9' }) number: string;
  @ApiProperty({ enum: ORDER_STATUSES, example: 'placed' }) status: OrderStatus;
  @ApiProperty({ example: 'jane.smith@example.com' }) email: string;
  @ApiProperty({ type: ShippingAddressDto }) shipping: ShippingAddressDto;
  @ApiProperty({ enum: ['USD'], example: 'USD' }) currency: 'USD';
  @ApiProperty({ example: '2598.00' }) subtotal: string;
  @ApiProperty({ example: '15.00' }) shipping_cost: string;
  @ApiProperty({ example: '207.84' }) tax: string;
  @ApiProperty({ example: '2820.84' }) total: string;
  @ApiProperty({ type: String, nullable: true, example: null }) carrier: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) tracking_number: string | null;
  @ApiProperty({ type: [OrderLineDto] }) lines: OrderLineDto[];
  @ApiProperty({ type: [OrderEventDto] }) events: OrderEventDto[];
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) updated_at: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Dr. Jane Smith', description: "the shopper's reads: the practice member who placed it (full name, else username); null when that account is gone" })
  placed_by?: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'PO-2026-0117', description: "the practice's purchase-order number, given at checkout" })
  po_number: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Dr. Sam Jones', description: "the shopper's reads: the owner who approved it; null when it needed no approval" })
  approved_by?: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'when an owner approved it (it was placed then)' })
  approved_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'while it awaits approval: when it expires unless an owner approves it' })
  approval_expires_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: "paid by invoice (the practice's terms): when payment is due; null for a card order" })
  payment_due_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: "the practice's tax-exemption certificate the order was submitted under (its tax is 0); null when it carries tax" })
  tax_exempt_certificate: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'the last day (YYYY-MM-DD) that certificate was valid' })
  tax_exempt_until: string | null;
  @ApiProperty({ example: '0.00', description: 'an invoice: the payments recorded against it so far; a card order: its total' })
  amount_paid: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'an invoice: when payments reached its total; null while any of it is outstanding, and for a card order' })
  paid_at: string | null;
}

export class OrderSummaryDto implements OrderSummary {
  @ApiProperty({ example: 'DM-7K3QX9' }) number: string;
  @ApiProperty({ enum: ORDER_STATUSES, example: 'placed' }) status: OrderStatus;
  @ApiProperty({ example: 'jane.smith@example.com' }) email: string;
  @ApiProperty({ example: 'Dr. Jane Smith' }) full_name: string;
  @ApiProperty({ example: '2820.84' }) total: string;
  @ApiProperty({ example: 2 }) line_count: number;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Dr. Jane Smith', description: "the shopper's list: the practice member who placed it" })
  placed_by?: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'PO-2026-0117' }) po_number: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'while it awaits approval: when it expires' }) approval_expires_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'an invoice: when payment is due; null for a card order' }) payment_due_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'an invoice: when it was paid in full' }) paid_at: string | null;
  @ApiProperty({ example: '0.00', description: 'an invoice: what is left to pay; "0.00" for a card order' }) outstanding: string;
}

export class OrderListResponseDto implements OrderListResponse {
  @ApiProperty({ type: [OrderSummaryDto] }) orders: OrderSummaryDto[];
  @ApiProperty({ example: 42, description: 'exact; for an admin search counted up to 1,000 (then 1,000 with total_capped)' }) total: number;
  @ApiPropertyOptional({ example: true, description: 'present when an admin search matched more than 1,000 orders' }) total_capped?: boolean;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) limit: number;
}

export class BestSellerDto {
  @ApiProperty({ example: 12 }) product_id: number;
  @ApiProperty({ example: 'Aria Treatment Centre' }) name: string;
  @ApiProperty({ example: 17 }) quantity: number;
}

export class OrderStatsDto implements OrderStats {
  @ApiProperty({ example: 14 }) orders_today: number;
  @ApiProperty({ example: '12345.67' }) revenue_this_month: string;
  @ApiProperty({ type: [BestSellerDto] }) best_sellers: BestSellerDto[];
  @ApiProperty({ example: 3, description: 'unpaid invoices past their due date' }) overdue_invoices: number;
  @ApiProperty({ example: '1240.50', description: 'what is left to pay of the overdue invoices' }) overdue_amount: string;
}

/** The rows the queries read (bigint columns arrive as strings from pg). */
export interface OrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  email: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  subtotal_cents: string;
  shipping_cents: string;
  tax_cents: string;
  total_cents: string;
  carrier: string | null;
  tracking_number: string | null;
  created_at: Date;
  updated_at: Date;
  po_number: string | null;
  approved_at: Date | null;
  approval_expires_at: Date | null;
  payment_due_at: Date | null;
  tax_exempt_certificate: string | null;
  tax_exempt_until: string | null;
  paid_at: Date | null;
  paid_cents: string;
  /** only when the read asked for it (PLACED_BY, APPROVED_BY) */
  placed_by?: string | null;
  approved_by?: string | null;
}
export interface OrderLineRow {
  product_id: number;
  name: string;
  manufacturer: string;
  unit_price_cents: string;
  image_url: string | null;
  quantity: number;
}
export interface OrderEventRow {
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: string;
  note: string | null;
  created_at: Date;
}
export interface OrderSummaryRow {
  number: string;
  status: OrderStatus;
  email: string;
  full_name: string;
  total_cents: string;
  line_count: number;
  created_at: Date;
  po_number: string | null;
  approval_expires_at: Date | null;
  payment_due_at: Date | null;
  paid_at: Date | null;
  paid_cents: string;
  placed_by?: string | null;
}

const money = (cents: string | number) => centsToDecimal(Number(cents));

export function mapOrder(order: OrderRow, lines: OrderLineRow[], events: OrderEventRow[]): OrderDto {
  return {
    number: order.number,
    status: order.status,
    email: order.email,
    shipping: { fullName: order.full_name, email: order.email, address: order.address, city: order.city, state: order.state, zipCode: order.zip_code },
    currency: 'USD',
    subtotal: money(order.subtotal_cents),
    shipping_cost: money(order.shipping_cents),
    tax: money(order.tax_cents),
    total: money(order.total_cents),
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    lines: lines.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      manufacturer: line.manufacturer,
      unit_price: money(line.unit_price_cents),
      image_url: line.image_url,
      quantity: line.quantity,
      line_total: money(Number(line.unit_price_cents) * line.quantity),
    })),
    events: events.map((event) => ({ ...event, created_at: event.created_at.toISOString() })),
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
    ...(order.placed_by !== undefined ? { placed_by: order.placed_by } : {}),
    po_number: order.po_number,
    ...(order.approved_by !== undefined ? { approved_by: order.approved_by } : {}),
    approved_at: order.approved_at?.toISOString() ?? null,
    approval_expires_at: order.approval_expires_at?.toISOString() ?? null,
    payment_due_at: order.payment_due_at?.toISOString() ?? null,
    tax_exempt_certificate: order.tax_exempt_certificate,
    tax_exempt_until: order.tax_exempt_until,
    amount_paid: money(order.payment_due_at ? order.paid_cents : order.total_cents),
    paid_at: order.paid_at?.toISOString() ?? null,
  };
}

export function mapOrderSummary(row: OrderSummaryRow): OrderSummaryDto {
  return {
    number: row.number,
    status: row.status,
    email: row.email,
    full_name: row.full_name,
    total: money(row.total_cents),
    line_count: row.line_count,
    created_at: row.created_at.toISOString(),
    ...(row.placed_by !== undefined ? { placed_by: row.placed_by } : {}),
    po_number: row.po_number,
    approval_expires_at: row.approval_expires_at?.toISOString() ?? null,
    payment_due_at: row.payment_due_at?.toISOString() ?? null,
    paid_at: row.paid_at?.toISOString() ?? null,
    outstanding: money(row.payment_due_at && !row.paid_at ? Number(row.total_cents) - Number(row.paid_cents) : 0),
  };
}
