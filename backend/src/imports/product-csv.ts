/**
 * The catalogue CSV's columns and the product fields they stand for: how export writes a product,
 * how a stored product and an imported row compare, and how a row's changes apply to a product.
 * One column per field (PRODUCT_CSV_COLUMNS); `category` and `subcategory` by slug.
 */
import { createHash } from 'node:crypto';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn, type ProductType } from '@dentalmarket/contracts';
import { csvLine } from '../common/csv.js';
import { asFeatures, asImageUrl, asSpecifications } from '../catalog/dto/product.dto.js';

/** The product columns an import writes (everything the CSV has but the slug, which is the match key). */
export interface ProductFields {
  name: string;
  product_type: ProductType;
  category_id: number;
  subcategory_id: number | null;
  manufacturer: string;
  price: string;
  description: string;
  image_url: string | null;
  in_stock: boolean;
  is_featured: boolean;
  is_new: boolean;
  rating: string | null;
  reviews_count: number;
  delivery_time: string | null;
  warranty: string | null;
  affiliate_link: string | null;
  external_link: string | null;
  features: unknown;
  specifications: unknown;
  service_details: unknown;
}
export type ProductField = keyof ProductFields;

/** A product as stored, with what its image URL needs when it has an uploaded image and no URL. */
export interface StoredProduct extends ProductFields {
  id: number;
  slug: string;
  /** only read when image_url is empty: the uploaded image's bytes (base64) */
  image_data: string | null;
  image_type: string | null;
}

/**
 * What a row asks of a product: the fields its file has columns for, normalised. A category or
 * subcategory that does not exist yet (created on apply) is named instead of given by id.
 */
export interface RowChanges extends Partial<ProductFields> {
  new_category?: string;
  new_subcategory?: string;
}

/** The column each field is read from (category_id from `category`, subcategory_id from `subcategory`). */
export const FIELD_COLUMN: Record<ProductField, ProductCsvColumn> = {
  name: 'name',
  product_type: 'product_type',
  category_id: 'category',
  subcategory_id: 'subcategory',
  manufacturer: 'manufacturer',
  price: 'price',
  description: 'description',
  image_url: 'image_url',
  in_stock: 'in_stock',
  is_featured: 'is_featured',
  is_new: 'is_new',
  rating: 'rating',
  reviews_count: 'reviews_count',
  delivery_time: 'delivery_time',
  warranty: 'warranty',
  affiliate_link: 'affiliate_link',
  external_link: 'external_link',
  features: 'features',
  specifications: 'specifications',
  service_details: 'service_details',
};
export const PRODUCT_FIELDS = Object.keys(FIELD_COLUMN) as ProductField[];

/** The product fields a file's columns stand for. */
export function fileFields(columns: readonly string[]): ProductField[] {
  return PRODUCT_FIELDS.filter((field) => columns.includes(FIELD_COLUMN[field]));
}

/** SELECT list of a stored product as the import reads it (`p` is products). */
export const STORED_PRODUCT_COLUMNS = `p.id, p.slug, ${PRODUCT_FIELDS.map((field) => `p.${field}`).join(', ')}, p.image_type,
  CASE WHEN NULLIF(btrim(p.image_url), '') IS NULL THEN p.image_data END AS image_data`;

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/** The URL the upload endpoint serves an uploaded image at (content-addressed by its bytes). */
function uploadedImageUrl(imageData: string | null, imageType: string | null): string | null {
  const extension = imageType ? IMAGE_EXTENSIONS[imageType] : undefined;
  if (!imageData || !extension) return null;
  return `/api/media/images/${createHash('sha256').update(Buffer.from(imageData, 'base64')).digest('hex')}.${extension}`;
}

/** The image the shop shows: its URL, or the served URL of its uploaded image. */
export function shownImageUrl(product: Pick<StoredProduct, 'image_url' | 'image_data' | 'image_type'>): string | null {
  return asImageUrl(product.image_url) ?? uploadedImageUrl(product.image_data, product.image_type);
}

/** Stored JSON that may be text carrying JSON (SPEC §3), as the object it means; null stays null. */
function asObjectOrNull(value: unknown): Record<string, unknown> | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** A product as export writes it: stored product plus its category's and subcategory's slugs. */
export interface ExportedProduct extends StoredProduct {
  category: string;
  subcategory: string | null;
}

/** One CSV line of a product, in PRODUCT_CSV_COLUMNS order. */
export function productCsvLine(product: ExportedProduct): string {
  const cells: Record<ProductCsvColumn, unknown> = {
    slug: product.slug,
    name: product.name,
    product_type: product.product_type,
    category: product.category,
    subcategory: product.subcategory,
    manufacturer: product.manufacturer,
    price: product.price,
    description: product.description,
    image_url: shownImageUrl(product),
    in_stock: product.in_stock,
    is_featured: product.is_featured,
    is_new: product.is_new,
    rating: product.rating,
    reviews_count: product.reviews_count,
    delivery_time: product.delivery_time,
    warranty: product.warranty,
    affiliate_link: product.affiliate_link,
    external_link: product.external_link,
    features: JSON.stringify(asFeatures(product.features)),
    specifications: product.specifications === null ? null : JSON.stringify(asSpecifications(product.specifications)),
    service_details: product.service_details === null ? null : JSON.stringify(asObjectOrNull(product.service_details)),
  };
  return csvLine(PRODUCT_CSV_COLUMNS.map((column) => cells[column]));
}

/** JSON with object keys sorted, so two values compare as structures. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** '1299', '1299.5', '1299.00' → 129900 (prices are validated as up to 8 digits and 2 decimals). */
function cents(price: string): number {
  const [whole, fraction = ''] = price.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Whether a field's new value is what the product already has, after normalising both. */
export function sameValue(field: ProductField, stored: StoredProduct, value: unknown): boolean {
  switch (field) {
    case 'price':
      return cents(stored.price) === cents(String(value));
    case 'rating':
      return (stored.rating === null ? null : Number(stored.rating).toFixed(1)) === (value === null ? null : Number(value).toFixed(1));
    case 'features':
      return canonicalJson(asFeatures(stored.features)) === canonicalJson(asFeatures(value));
    case 'specifications':
      return canonicalJson(asSpecifications(stored.specifications)) === canonicalJson(asSpecifications(value));
    case 'service_details':
      return canonicalJson(asObjectOrNull(stored.service_details)) === canonicalJson(asObjectOrNull(value));
    case 'image_url':
      // an empty URL on a product with an uploaded image still shows that image
      return shownImageUrl(stored) === (asImageUrl(value as string | null) ?? uploadedImageUrl(stored.image_data, stored.image_type));
    default:
      return (stored[field] ?? null) === (value ?? null);
  }
}

/**
 * A stored product with a row's changes: the fields the row has replace the stored ones; a new
 * category without a subcategory column leaves the old subcategory (SPEC §4). `changed` says whether
 * anything differs. The row's new category or subcategory must have been given an id first.
 */
export function applyChanges(stored: StoredProduct, changes: Partial<ProductFields>): { product: ProductFields; changed: boolean } {
  const product: ProductFields = Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, stored[field]])) as unknown as ProductFields;
  let changed = false;
  for (const field of PRODUCT_FIELDS) {
    if (!(field in changes)) continue;
    if (!sameValue(field, stored, changes[field])) {
      changed = true;
      (product as unknown as Record<string, unknown>)[field] = changes[field];
    }
  }
  if ('category_id' in changes && !('subcategory_id' in changes) && product.category_id !== stored.category_id && stored.subcategory_id !== null) {
    product.subcategory_id = null;
    changed = true;
  }
  return { product, changed };
}
