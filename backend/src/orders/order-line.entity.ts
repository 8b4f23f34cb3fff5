import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from './order.entity.js';

/**
 * A line as ordered: a snapshot of the product at checkout. No foreign key to products, so a later
 * price change or a deleted product never changes a past order.
 */
@Entity({ name: 'order_lines' })
@Index('IDX_order_lines_order', ['order_id', 'position'])
// the dashboard's best sellers read lines of recent orders by product
@Index('IDX_order_lines_product', ['product_id'])
export class OrderLine {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'bigint' })
  order_id: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_lines_order' })
  order?: Relation<Order>;

  /** the line's place in the cart as posted */
  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'integer' })
  product_id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  manufacturer: string;

  @Column({ type: 'bigint' })
  unit_price_cents: string;

  @Column({ type: 'text', nullable: true })
  image_url: string | null;

  @Column({ type: 'integer' })
  quantity: number;
}
