import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { User } from '../auth/user.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Practice } from '../practices/practice.entity.js';

/**
 * A practice's order guide (issue 36): a named list of products with default quantities that every
 * member sees and edits (migration 1765620000000-OrderGuides). The service reads and writes it with
 * SQL; the entity describes the table for the schema check.
 */
// one name per practice whatever its case: an expression index, which TypeORM cannot describe
@Index('UQ_order_guides_practice_name', { synchronize: false })
@Check('CHK_order_guides_name', `length(btrim("name")) BETWEEN 1 AND 120`)
@Entity({ name: 'order_guides' })
export class OrderGuide {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_order_guides' })
  id: number;

  @Column({ type: 'integer' })
  practice_id: number;

  @ManyToOne(() => Practice, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'practice_id', foreignKeyConstraintName: 'FK_order_guides_practice' })
  practice?: Relation<Practice>;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'integer', nullable: true })
  created_by: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_order_guides_created_by' })
  creator?: Relation<User> | null;

  @Column({ type: 'integer', nullable: true })
  updated_by: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'updated_by', foreignKeyConstraintName: 'FK_order_guides_updated_by' })
  updater?: Relation<User> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}

/**
 * A line of an order guide: a product and its default quantity, with the product's name and
 * manufacturer as they were when added, so a product deleted later (product_id NULL) is still named.
 */
@Index('IDX_order_guide_lines_guide_position', ['guide_id', 'position', 'id'])
// partial indexes (product_id IS NOT NULL), made by the migration
@Index('UQ_order_guide_lines_guide_product', { synchronize: false })
@Index('IDX_order_guide_lines_product', { synchronize: false })
@Check('CHK_order_guide_lines_quantity', `"quantity" BETWEEN 1 AND 999`)
@Entity({ name: 'order_guide_lines' })
export class OrderGuideLine {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_order_guide_lines' })
  id: number;

  @Column({ type: 'integer' })
  guide_id: number;

  @ManyToOne(() => OrderGuide, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'guide_id', foreignKeyConstraintName: 'FK_order_guide_lines_guide' })
  guide?: Relation<OrderGuide>;

  @Column({ type: 'integer', nullable: true })
  product_id: number | null;

  @ManyToOne(() => Product, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_order_guide_lines_product' })
  product?: Relation<Product> | null;

  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  manufacturer: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
