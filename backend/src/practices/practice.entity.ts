import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A dental practice (issue 36): the shopper's side of every account but an admin's. Its people are
 * the users whose `practice_id` names it, each with a `practice_role`; its orders and service
 * requests are those whose `practice_id` names it (migration 1765600000000-Practices).
 */
@Entity({ name: 'practices' })
// the admin's practices list (migration 1765820000000-AdminPractices): its sorts and name search
@Index('IDX_practices_name', { synchronize: false })
@Index('IDX_practices_created', { synchronize: false })
@Index('IDX_practices_name_words', { synchronize: false })
@Check('CHK_practices_terms', `"payment_terms" = 'card' OR ("payment_terms" = 'invoice' AND "net_days" BETWEEN 1 AND 120 AND "credit_limit_cents" >= 0)`)
@Check('CHK_practices_tax_exempt', `("tax_exempt_certificate" IS NULL) = ("tax_exempt_until" IS NULL)`)
@Check('CHK_practices_approval', `"approval_days" BETWEEN 1 AND 30 AND ("approval_threshold_cents" IS NULL OR "approval_threshold_cents" >= 0)`)
export class Practice {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_practices' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  tax_id: string | null;

  /** issue 36's ordering settings (owners change them): every order must carry a PO number */
  @Column({ type: 'boolean', default: false })
  po_required: boolean;

  /** assistants' orders, and purchasers' above the threshold, wait for an owner's approval */
  @Column({ type: 'boolean', default: false })
  approvals_enabled: boolean;

  /** a purchaser's order whose total is above this needs approval; null: purchasers' never do */
  @Column({ type: 'bigint', nullable: true })
  approval_threshold_cents: string | null;

  /** an order awaiting approval expires after this many days (1-30, CHK_practices_approval) */
  @Column({ type: 'smallint', default: 7 })
  approval_days: number;

  /** issue 36, set by the admin: 'card' (the checkout's card form) or 'invoice' (net_days, within credit_limit_cents) */
  @Column({ type: 'text', default: 'card' })
  payment_terms: 'card' | 'invoice';

  @Column({ type: 'smallint', nullable: true })
  net_days: number | null;

  @Column({ type: 'bigint', nullable: true })
  credit_limit_cents: string | null;

  /** set by an admin: its people are disabled with it (users.disabled_with_practice); null while enabled */
  @Column({ type: 'timestamptz', nullable: true })
  disabled_at: Date | null;

  /** issue 36, set by the admin: the tax-exemption certificate's number and the last day it is valid (both or neither) */
  @Column({ type: 'text', nullable: true })
  tax_exempt_certificate: string | null;

  @Column({ type: 'date', nullable: true })
  tax_exempt_until: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
