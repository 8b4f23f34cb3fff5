import * as Yup from 'yup';
import { centsToDecimal, PRODUCT_TYPES, slugify, toCents, type Category, type GeneratedProduct, type ProductType, type Subcategory } from '@dentalmarket/contracts';
import type { ProductInput } from '@dentalmarket/store';

/** SPEC §5 AI forms: names on new lines or commas, trimmed, empties dropped. */
export function splitNames(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter(Boolean);
}

const placement = {
  categoryId: Yup.number().typeError('Please select a category').min(1, 'Please select a category').required('Please select a category'),
  subcategoryId: Yup.number().typeError('Please select a subcategory').min(1, 'Please select a subcategory').required('Please select a subcategory'),
  productType: Yup.string().oneOf(PRODUCT_TYPES).required(),
};

export const singleSchema = Yup.object({
  productName: Yup.string().default('').test('min', 'Product name must be at least 3 characters', (v) => v.trim().length >= 3),
  ...placement,
});

export const batchSchema = Yup.object({
  productNames: Yup.string().default('').test('min', 'Enter at least one product name', (v) => v.trim().length >= 3),
  ...placement,
});

export interface AiSelection {
  productType: ProductType;
  categoryId: number | '';
  subcategoryId: number | '';
}

/** SPEC §5: for equipment, only an https retailer product page (…/dp/…, …/gp/product/…) is kept as the external link. */
export function retailerProductUrl(url: string | undefined): string {
  const value = url?.trim() ?? '';
  return /^https:\/\/[^\s/]+\/(?:[^\s]*\/)?(?:dp|gp\/product)\/[^\s]+$/i.test(value) ? value : '';
}

/** A model's price ("1299", 1299.5, "$1,299") as the API's two-decimal text; anything else is '0'. */
export function priceText(price: number | string): string {
  const cents = toCents(String(price).replace(/[$,\s]/g, ''));
  return cents > 0 ? centsToDecimal(cents) : '0';
}

/** What is saved besides the spec's payload: the products API needs an affiliate link for affiliates. */
export type SavedPayload = ProductInput & { short_description: string };

/**
 * The generated product as SPEC §3 "Product saved payload" with the §5/§9 rules: the AI slug rule,
 * manufacturer 'Unknown' without a brand, in stock, featured when recommended, new, rating '0', no
 * image, and the retailer-URL rule for equipment. Throws when the selection is not in the loaded lists.
 */
export function toSavedPayload(product: GeneratedProduct, selection: { productType: ProductType; categoryId: number; subcategoryId: number }, categories: Category[], subcategories: Subcategory[]): SavedPayload {
  const category = categories.find((c) => c.id === selection.categoryId);
  const subcategory = subcategories.find((s) => s.id === selection.subcategoryId);
  if (!category || !subcategory) {
    throw new Error(`Category or subcategory not found (Category ID: ${selection.categoryId}, Subcategory ID: ${selection.subcategoryId})`);
  }
  const link = selection.productType === 'equipment' ? retailerProductUrl(product.productUrl) : (product.productUrl?.trim() ?? '');
  return {
    name: product.name,
    description: product.description,
    short_description: product.shortDescription,
    slug: slugify(product.name).replace(/_/g, ''),
    price: priceText(product.price),
    category_id: category.id,
    subcategory_id: subcategory.id,
    product_type: selection.productType,
    manufacturer: product.brand?.trim() || 'Unknown',
    in_stock: true,
    is_featured: product.recommended ?? false,
    is_new: true,
    features: product.features.map((f) => f.trim()).filter(Boolean),
    specifications: Object.fromEntries(product.specifications.filter((s) => s.label.trim()).map((s) => [s.label.trim(), s.value.trim()])),
    image_url: '',
    rating: '0',
    external_link: link,
    // a partner product links to its partner: the generated product page is that link
    ...(selection.productType === 'affiliate' ? { affiliate_link: link || null } : {}),
  };
}
