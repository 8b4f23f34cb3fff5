import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { ORDER_STATUSES, type OrderStatus } from '@dentalmarket/contracts';
import { User } from '../auth/user.entity.js';
import { Practice } from '../practices/practice.entity.js';

/**
 * What a practice bought: the shipping form's fields, the totals in integer cents as priced by the
 * server at checkout, and where fulfilment stands. Card data never reaches the API, so it has no column.
 */
@Entity({ name: 'orders' })
@Check('CHK_orders_paid_cents', `"paid_cents" >= 0 AND "paid_cents" <= "total_cents"`)
@Check('CHK_orders_po_number', `"po_number" IS NULL OR char_length("po_number") BETWEEN 1 AND 35`)
// the admin grid's sorts, alone and behind the status filter (admin-order-queries.ts); made by
// migration 1764600000000, which TypeORM cannot describe (descending columns, trigram operator class)
@Index('IDX_orders_created', { synchronize: false })
@Index('IDX_orders_status_created', { synchronize: false })
@Index('IDX_orders_total', { synchronize: false })
@Index('IDX_orders_status_total', { synchronize: false })
@Index('IDX_orders_user_created', { synchronize: false })
@Index('IDX_orders_email_prefix', { synchronize: false })
@Index('IDX_orders_email_suffix', { synchronize: false })
@Index('IDX_orders_full_name_trgm', { synchronize: false })
@Index('IDX_orders_practice_created', { synchronize: false })
// the orders awaiting approval, per practice and by expiry (partial: migration 1765720000000)
@Index('IDX_orders_awaiting_practice', { synchronize: false })
@Index('IDX_orders_awaiting_expiry', { synchronize: false })
@Index('IDX_orders_open_invoices', { synchronize: false })
@Index('IDX_orders_practice_invoices', { synchronize: false })
// unpaid, uncancelled invoices by due date: overdue filter, dashboard, reminders (migration 1765800000000)
@Index('IDX_orders_unpaid_due', { synchronize: false })
export class Order {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** public and unguessable (order-number.ts), e.g. DM-7K3QX9 */
  @Index('UQ_orders_number', { unique: true })
  @Column({ type: 'text' })
  number: string;

  /** null for a guest's order (SPEC §6: guests may check out) */
  @Column({ type: 'integer', nullable: true })
  user_id: number | null;

  /** an account's deletion keeps its orders (the practice's records), as guest orders */
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_orders_user' })
  user?: Relation<User> | null;

  /** the practice it was placed for (issue 36): set from the account's practice as it is inserted (a trigger); null for a guest */
  @Column({ type: 'integer', nullable: true })
  practice_id: number | null;

  @ManyToOne(() => Practice, { nullable: true })
  @JoinColumn({ name: 'practice_id', foreignKeyConstraintName: 'FK_orders_practice' })
  practice?: Relation<Practice> | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  full_name: string;

  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'text' })
  city: string;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'text' })
  zip_code: string;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'placed' })
  status: OrderStatus;

  /** integer cents; bigint because 100 lines of 999 × the largest price exceed an integer */
  @Column({ type: 'bigint' })
  subtotal_cents: string;

  @Column({ type: 'bigint' })
  shipping_cents: string;

  @Column({ type: 'bigint' })
  tax_cents: string;

  @Column({ type: 'bigint' })
  total_cents: string;

  @Column({ type: 'text', default: 'USD' })
  currency: string;

  @Column({ type: 'text', nullable: true })
  carrier: string | null;

  @Column({ type: 'text', nullable: true })
  tracking_number: string | null;

  /** the practice's purchase-order number (issue 36), 1-35 characters (CHK_orders_po_number) */
  @Column({ type: 'text', nullable: true })
  po_number: string | null;

  /** the owner who approved it (issue 36); null when it needed no approval or that account is gone */
  @Column({ type: 'integer', nullable: true })
  approved_by: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'approved_by', foreignKeyConstraintName: 'FK_orders_approved_by' })
  approver?: Relation<User> | null;

  @Column({ type: 'timestamptz', nullable: true })
  approved_at: Date | null;

  /** issue 36: an order of a practice on invoice terms: when its invoice is due (placed + net days); null when paid by card */
  @Column({ type: 'timestamptz', nullable: true })
  payment_due_at: Date | null;

  /** when its invoice was paid in full; until then what is left of it counts in the practice's open balance */
  @Column({ type: 'timestamptz', nullable: true })
  paid_at: Date | null;

  /** issue 36: the practice's tax-exemption certificate when the order was submitted (its tax is 0 then), and the last day it was valid */
  @Column({ type: 'text', nullable: true })
  tax_exempt_certificate: string | null;

  @Column({ type: 'date', nullable: true })
  tax_exempt_until: string | null;
  /** the sum of the payments the admin recorded against its invoice (issue 36; order_payments), at most its total */
  @Column({ type: 'bigint', default: 0 })
  paid_cents: string;

  /** set while it awaits approval only: when the expiry job ends it unless an owner acts first */
  @Column({ type: 'timestamptz', nullable: true })
  approval_expires_at: Date | null;

  /** the checkout attempt's Idempotency-Key: a retry with it answers this order */
  @Index('UQ_orders_idempotency_key', { unique: true })
  @Column({ type: 'uuid', nullable: true })
  idempotency_key: string | null;

  /** sha256 of the request that made the order, so a reused key with another body is refused */
  @Column({ type: 'text', nullable: true })
  request_hash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
