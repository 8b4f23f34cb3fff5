import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ORDER_STATUSES, type OrderStatus } from '@dentalmarket/contracts';
import { Order } from './order.entity.js';

/**
 * One step of an order's history: placing it (from null) and each status change. Its id is also the
 * id of the email job it queues, so one event can never queue two emails.
 */
@Entity({ name: 'order_events' })
@Index('IDX_order_events_order', ['order_id', 'created_at'])
export class OrderEvent {
  /** made by the API (randomUUID) before the insert: the email job is queued under the same id */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'bigint' })
  order_id: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_events_order' })
  order?: Relation<Order>;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', nullable: true })
  from_status: OrderStatus | null;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status' })
  to_status: OrderStatus;

  /** 'customer', 'guest', 'system', or the admin's username */
  @Column({ type: 'text' })
  actor: string;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
