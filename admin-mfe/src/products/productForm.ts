import * as Yup from 'yup';
import { PRODUCT_TYPES, withHttps, type Product, type ProductType } from '@dentalmarket/contracts';
import type { ProductInput } from '@dentalmarket/store';

/** SPEC §5: the image shown when an admin gives none. */
export const PLACEHOLDER_IMAGE_URL = '/media/seed/placeholder.svg';

export interface SpecificationRow {
  name: string;
  value: string;
}

/** The admin product form's values: text as typed, one feature per line, specification rows. */
export interface ProductFormValues {
  name: string;
  product_type: ProductType;
  manufacturer: string;
  price: string;
  description: string;
  image_url: string;
  image_type: string;
  /**
   * What the Image URL field holds. 'Set URL' copies it to image_url; kept here, not in the image
   * editor, so that it survives a change of tab and counts as an unsaved change (issue 32).
   */
  image_url_input: string;
  slug: string;
  category_id: number | '';
  subcategory_id: number | '';
  affiliate_link: string;
  external_link: string;
  in_stock: boolean;
  warranty: string;
  delivery_time: string;
  service_details: string;
  is_featured: boolean;
  is_new: boolean;
  features: string;
  specifications: SpecificationRow[];
}

export const TYPE_LABELS: Record<ProductType, string> = { equipment: 'Equipment', service: 'Service', affiliate: 'Affiliate (partner product)' };

/** Where a new product starts: the marketplace's current type and subcategory, when opened from there. */
export interface ProductPreset {
  productType?: ProductType;
  categoryId?: number;
  subcategoryId?: number;
}

const serviceDetailsText = (details: Record<string, unknown> | null): string => {
  if (!details) return '';
  if (typeof details.details === 'string' && Object.keys(details).length === 1) return details.details;
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
};

export function getInitialValues(product?: Product | null, preset: ProductPreset = {}): ProductFormValues {
  if (product) {
    const specs = Object.entries(product.specifications ?? {}).map(([name, value]) => ({ name, value }));
    return {
      name: product.name,
      product_type: product.product_type,
      manufacturer: product.manufacturer,
      price: product.product_type === 'affiliate' ? '' : product.price,
      description: product.description,
      image_url: product.image_url ?? '',
      image_type: product.image_type ?? '',
      image_url_input: product.image_url ?? '',
      slug: product.slug,
      category_id: product.category_id,
      subcategory_id: product.subcategory_id ?? '',
      affiliate_link: product.affiliate_link ?? '',
      external_link: product.external_link ?? '',
      in_stock: product.in_stock,
      warranty: product.warranty ?? '',
      delivery_time: product.delivery_time ?? '',
      service_details: serviceDetailsText(product.service_details),
      is_featured: product.is_featured,
      is_new: product.is_new,
      features: product.features.join('\n'),
      specifications: specs.length ? specs : [{ name: '', value: '' }],
    };
  }
  return {
    name: '',
    product_type: preset.productType ?? 'equipment',
    manufacturer: '',
    price: '',
    description: '',
    image_url: '',
    image_type: '',
    image_url_input: '',
    slug: '',
    category_id: preset.categoryId ?? '',
    subcategory_id: preset.subcategoryId ?? '',
    affiliate_link: '',
    external_link: '',
    in_stock: true,
    warranty: '',
    delivery_time: '',
    service_details: '',
    is_featured: false,
    is_new: false,
    features: '',
    specifications: [{ name: '', value: '' }],
  };
}

const PRICE = /^\d{1,8}(\.\d{1,2})?$/;

/** SPEC §5 Image upload: the message of an empty URL, from 'Set URL' and from a save alike. */
export const INVALID_IMAGE_URL = 'Please enter a valid image URL.';

/** What 'Set URL' refuses (SPEC §5: an empty URL), or null for a URL it takes. */
export const imageUrlProblem = (url: string): string | null => (url.trim() ? null : INVALID_IMAGE_URL);

/** A URL typed into the Image URL field without pressing 'Set URL': the save applies it. */
const typedImageUrl = (values: Pick<ProductFormValues, 'image_url' | 'image_url_input'>): string | null =>
  values.image_url_input.trim() === values.image_url.trim() ? null : values.image_url_input;

/**
 * The values as saved: a URL typed but not set is set, as 'Set URL' would (issue 32: it used to be
 * dropped while the dialog said 'Product Updated'). A typed URL has no uploaded image's type.
 */
export function withTypedImageUrl(values: ProductFormValues): ProductFormValues {
  const typed = typedImageUrl(values);
  return typed === null || imageUrlProblem(typed) ? values : { ...values, image_url: typed.trim(), image_type: '' };
}

/** SPEC §5 Admin product form: required fields, price for equipment, affiliate link for affiliates. */
export const productSchema = Yup.object({
  name: Yup.string().trim().required('Product name is required').max(255, 'Product name must be at most 255 characters'),
  product_type: Yup.string().oneOf(PRODUCT_TYPES, 'Product type is required').required('Product type is required'),
  manufacturer: Yup.string().trim().required('Manufacturer is required').max(255, 'Manufacturer must be at most 255 characters'),
  description: Yup.string().trim().required('Description is required'),
  price: Yup.string()
    .trim()
    .when('product_type', {
      is: 'equipment',
      then: (s) => s.required('Price is required for equipment'),
    })
    .test('price', 'Price must be a number with up to 2 decimals, such as 1299.00', (v) => !v || PRICE.test(v.replace(/,/g, ''))),
  category_id: Yup.mixed<number | ''>().test('category', 'Category is required', (v) => typeof v === 'number' && v > 0),
  affiliate_link: Yup.string()
    .trim()
    .when('product_type', { is: 'affiliate', then: (s) => s.required('Affiliate link is required for affiliate products') }),
  // the save applies a typed URL, so it is checked as 'Set URL' checks it (an emptied field is not 'no image')
  image_url_input: Yup.string().test('image-url', INVALID_IMAGE_URL, (input, context) => {
    const typed = typedImageUrl({ image_url: String(context.parent.image_url ?? ''), image_url_input: input ?? '' });
    return typed === null || imageUrlProblem(typed) === null;
  }),
});

/** Which tab holds each field, so a failed submit can show the tab with the first problem. */
export const FIELD_TABS: Record<string, number> = {
  name: 0,
  product_type: 0,
  manufacturer: 0,
  price: 0,
  description: 0,
  image_url: 0,
  image_url_input: 0,
  slug: 1,
  affiliate_link: 1,
  external_link: 1,
  warranty: 1,
  delivery_time: 1,
  service_details: 1,
  category_id: 2,
  subcategory_id: 2,
  features: 3,
  specifications: 3,
};

/** SPEC §5 slug rule: lowercase, punctuation removed, whitespace to hyphens, repeated hyphens collapsed. */
export const slugPreview = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^\w\s]|_/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** Rows with an empty name dropped, values trimmed. */
export function specificationsOf(rows: SpecificationRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value.trim()]));
}

/** Service details as typed: "key: value" lines become an object, free text is kept as `details`. */
function serviceDetailsOf(text: string): Record<string, string> | null {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  if (!lines.length) return null;
  const pairs = lines.map((line) => /^([^:]{1,60}):\s*(.*)$/.exec(line));
  if (pairs.every(Boolean)) return Object.fromEntries(pairs.map((m) => [m![1].trim(), m![2]]));
  return { details: lines.join('\n') };
}

/**
 * The payload for POST/PUT /api/admin/products with the spec's defaults applied (SPEC §5):
 * description 'Product description', price '0', the placeholder image, https:// on the affiliate
 * link, the slug from the name, and on edit only an empty manufacturer as 'Unknown'. Fields that
 * do not belong to the product type are sent empty, so a type change leaves nothing stale; the
 * price is the exception: an affiliate's price field is hidden, so no price is sent and the server
 * keeps the stored one (a hidden field must never overwrite stored data; the shop shows it). An
 * image URL typed but not set is saved as set (`withTypedImageUrl`).
 */
export function toProductInput(form: ProductFormValues, mode: 'create' | 'edit'): ProductInput {
  const values = withTypedImageUrl(form);
  const type = values.product_type;
  const manufacturer = values.manufacturer.trim() || (mode === 'edit' ? 'Unknown' : '');
  return {
    name: values.name.trim(),
    product_type: type,
    manufacturer,
    description: values.description.trim() || 'Product description',
    ...(type === 'affiliate' ? {} : { price: values.price.replace(/,/g, '').trim().replace(/^0+(?=\d)/, '') || '0' }),
    image_url: values.image_url.trim() || PLACEHOLDER_IMAGE_URL,
    image_type: values.image_url.trim() && values.image_type ? values.image_type : null,
    // empty: the server makes it from the name by the same rule, unique (a second 'Chair' gets chair-2)
    slug: values.slug.trim(),
    category_id: Number(values.category_id),
    subcategory_id: values.subcategory_id === '' ? null : Number(values.subcategory_id),
    affiliate_link: type === 'affiliate' ? (values.affiliate_link.trim() && withHttps(values.affiliate_link.trim())) : null,
    external_link: values.external_link.trim() || null,
    in_stock: type === 'equipment' ? values.in_stock : true,
    warranty: type === 'equipment' ? values.warranty.trim() || null : null,
    delivery_time: values.delivery_time.trim() || null,
    service_details: type === 'service' ? serviceDetailsOf(values.service_details) : null,
    is_featured: values.is_featured,
    is_new: values.is_new,
    features: values.features.split('\n').map((line) => line.trim()).filter(Boolean),
    specifications: specificationsOf(values.specifications),
  };
}
