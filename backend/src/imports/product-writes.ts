/**
 * The apply's writes to `products`, set-based: a batch's new products in one INSERT and its changed
 * ones in one UPDATE, both from one JSON parameter (jsonb_to_recordset). Fired per statement, the
 * catalogue version trigger bumps once per statement, the search document's trigger once per row.
 */
import type { EntityManager } from 'typeorm';
import { PRODUCT_FIELDS, type ProductFields } from './product-csv.js';

/** Each written column's type in the JSON record, and how it becomes the column's type. */
const RECORD_TYPES: Record<keyof ProductFields, [string, string]> = {
  name: ['text', 'r.name'],
  product_type: ['text', 'r.product_type::product_type'],
  category_id: ['int', 'r.category_id'],
  subcategory_id: ['int', 'r.subcategory_id'],
  manufacturer: ['text', 'r.manufacturer'],
  price: ['text', 'r.price::numeric'],
  description: ['text', 'r.description'],
  image_url: ['text', 'r.image_url'],
  in_stock: ['boolean', 'r.in_stock'],
  is_featured: ['boolean', 'r.is_featured'],
  is_new: ['boolean', 'r.is_new'],
  rating: ['text', 'r.rating::numeric'],
  reviews_count: ['int', 'r.reviews_count'],
  delivery_time: ['text', 'r.delivery_time'],
  warranty: ['text', 'r.warranty'],
  affiliate_link: ['text', 'r.affiliate_link'],
  external_link: ['text', 'r.external_link'],
  features: ['jsonb', 'r.features'],
  specifications: ['jsonb', 'r.specifications'],
  service_details: ['jsonb', 'r.service_details'],
};
const RECORD = PRODUCT_FIELDS.map((field) => `${field} ${RECORD_TYPES[field][0]}`).join(', ');
const VALUES = PRODUCT_FIELDS.map((field) => RECORD_TYPES[field][1]).join(', ');

export type NewProduct = ProductFields & { slug: string };
export type ChangedProduct = ProductFields & { id: number };

const INSERT = `INSERT INTO products (slug, ${PRODUCT_FIELDS.join(', ')})
  SELECT r.slug, ${VALUES} FROM jsonb_to_recordset($1::jsonb) AS r(slug text, ${RECORD})`;
const UPDATE = `UPDATE products p SET ${PRODUCT_FIELDS.map((field) => `${field} = ${RECORD_TYPES[field][1]}`).join(', ')}
  FROM jsonb_to_recordset($1::jsonb) AS r(id int, ${RECORD}) WHERE p.id = r.id`;

export async function insertProducts(manager: EntityManager, products: NewProduct[]): Promise<void> {
  if (products.length) await manager.query(INSERT, [JSON.stringify(products)]);
}

export async function updateProducts(manager: EntityManager, products: ChangedProduct[]): Promise<void> {
  if (products.length) await manager.query(UPDATE, [JSON.stringify(products)]);
}
