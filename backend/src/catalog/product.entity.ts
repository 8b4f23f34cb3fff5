import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PRODUCT_TYPES, type ProductType, type Specifications } from '@dentalmarket/contracts';
import { Category } from './category.entity.js';
import { Subcategory } from './subcategory.entity.js';

/**
 * Anything the marketplace lists: equipment (can go in the cart), a service, or a partner
 * (affiliate) product. Money stays a numeric string end to end.
 */
@Entity({ name: 'products' })
// one index per catalogue sort (product-queries.ts), alone and behind each filter it is used with
@Index('IDX_products_name', ['name', 'id'])
@Index('IDX_products_price', ['price', 'id'])
@Index('IDX_products_type_name', ['product_type', 'name', 'id'])
@Index('IDX_products_type_price', ['product_type', 'price', 'id'])
@Index('IDX_products_category_name', ['category_id', 'name', 'id'])
@Index('IDX_products_category_price', ['category_id', 'price', 'id'])
@Index('IDX_products_subcategory_name', ['subcategory_id', 'name', 'id'])
@Index('IDX_products_subcategory_price', ['subcategory_id', 'price', 'id'])
// made by migration 1764400000000 only: TypeORM cannot describe descending or NULLS LAST columns
@Index('IDX_products_newest', { synchronize: false })
@Index('IDX_products_rating', { synchronize: false })
@Index('IDX_products_type_newest', { synchronize: false })
@Index('IDX_products_type_rating', { synchronize: false })
@Index('IDX_products_category_newest', { synchronize: false })
@Index('IDX_products_category_rating', { synchronize: false })
@Index('IDX_products_subcategory_newest', { synchronize: false })
@Index('IDX_products_subcategory_rating', { synchronize: false })
// the admin grid's (migration 1764500000000): price with unpriced rows last, an expression index per direction
@Index('IDX_products_listed_price_asc', { synchronize: false })
@Index('IDX_products_listed_price_desc', { synchronize: false })
@Index('IDX_products_in_stock_name', ['in_stock', 'name', 'id'])
// partial: featured and new products are a small subset, kept by name
@Index('IDX_products_featured', { synchronize: false })
@Index('IDX_products_new', { synchronize: false })
// trigram indexes for search, made by migrations (TypeORM cannot describe an operator class)
@Index('IDX_products_name_trgm', { synchronize: false })
@Index('IDX_products_description_trgm', { synchronize: false })
@Index('IDX_products_manufacturer_trgm', { synchronize: false })
// full-text search (migration 1764700000000): the weighted document's GIN, and manufacturer equality
@Index('IDX_products_search_document', { synchronize: false })
@Index('IDX_products_changed_txid', { synchronize: false })
@Index('IDX_products_manufacturer', ['manufacturer'])
export class Product {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  description: string;

  /** numeric(10,2), read as a string such as "1299.00" */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  price: string;

  @Column({ type: 'text', nullable: true })
  image_url: string | null;

  /** base64 image body when an upload is stored inline */
  /** base64 bytes of an uploaded image: never loaded unless asked for (lists carry image_url only) */
  @Column({ type: 'text', nullable: true, select: false })
  image_data?: string | null;

  @Column({ type: 'text', nullable: true })
  image_type: string | null;

  @Column({ type: 'integer' })
  category_id: number;

  /** Category deletion is refused while products remain (RESTRICT). */
  @ManyToOne(() => Category, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'FK_products_category' })
  category?: Relation<Category>;

  @Column({ type: 'integer', nullable: true })
  subcategory_id: number | null;

  @ManyToOne(() => Subcategory, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'subcategory_id', foreignKeyConstraintName: 'FK_products_subcategory' })
  subcategory?: Relation<Subcategory> | null;

  @Column({ type: 'text' })
  manufacturer: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  specifications: Specifications;

  @Column({ type: 'enum', enum: PRODUCT_TYPES, enumName: 'product_type' })
  product_type: ProductType;

  @Column({ type: 'text', nullable: true })
  external_link: string | null;

  @Column({ type: 'text', nullable: true })
  affiliate_link: string | null;

  @Column({ type: 'jsonb', nullable: true })
  service_details: Record<string, unknown> | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  features: string[];

  @Column({ type: 'boolean', default: false })
  is_featured: boolean;

  @Column({ type: 'boolean', default: false })
  is_new: boolean;

  /** numeric(3,1) out of 5, read as a string such as "4.5" */
  @Column({ type: 'numeric', precision: 3, scale: 1, nullable: true })
  rating: string | null;

  @Column({ type: 'integer', default: 0 })
  reviews_count: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'boolean', default: true })
  in_stock: boolean;

  @Column({ type: 'text', nullable: true })
  delivery_time: string | null;

  @Column({ type: 'text', nullable: true })
  warranty: string | null;

  /**
   * The weighted full-text document (name A, manufacturer B, category and subcategory names C,
   * description D), kept by the triggers of migration 1764700000000: never written by the API.
   */
  @Column({ type: 'tsvector', select: false, insert: false, update: false })
  search_document?: string;

  /** The transaction that last wrote the row, set by migration 1765000000000's trigger: what the search index follows. */
  @Column({ type: 'bigint', select: false, insert: false, update: false })
  changed_txid?: string;
}
