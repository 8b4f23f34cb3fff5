import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PRODUCT_TYPES, type ProductType } from '@dentalmarket/contracts';
import { Subcategory } from './subcategory.entity.js';

/** A top-level grouping of products of one product type, e.g. "Dental Chairs & Treatment Units". */
@Entity({ name: 'categories' })
@Index('IDX_categories_product_type', ['product_type'])
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Font Awesome class name */
  @Column({ type: 'text', default: 'fa-folder' })
  icon: string;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'enum', enum: PRODUCT_TYPES, enumName: 'product_type' })
  product_type: ProductType;

  @Column({ type: 'integer', default: 999 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @OneToMany(() => Subcategory, (subcategory) => subcategory.category)
  subcategories?: Relation<Subcategory[]>;
}
