import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Category } from './category.entity.js';

/** A grouping inside a category; deleting one leaves its products without a subcategory. */
@Entity({ name: 'subcategories' })
@Index('IDX_subcategories_category_id', ['category_id'])
export class Subcategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'integer' })
  category_id: number;

  @ManyToOne(() => Category, (category) => category.subcategories, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'FK_subcategories_category' })
  category?: Relation<Category>;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'integer', default: 999 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
