import type { Category, GeneratedProduct, Subcategory } from '@dentalmarket/contracts';
import { batchSchema, priceText, retailerProductUrl, singleSchema, splitNames, toSavedPayload } from './aiProduct.js';

const category = { id: 3, name: 'Whitening', product_type: 'affiliate' } as Category;
const subcategory = { id: 7, name: 'Kits', category_id: 3 } as Subcategory;
const generated: GeneratedProduct = {
  name: 'Opalescence Go 15% Kit!',
  shortDescription: 'Prefilled whitening trays',
  description: 'Ready-to-wear trays with 15% hydrogen peroxide.',
  specifications: [
    { label: 'Concentration', value: ' 15% HP ' },
    { label: ' ', value: 'dropped' },
  ],
  features: ['No impressions needed'],
  price: '$1,049.5',
  imageDescription: 'A box of trays',
};

describe('SPEC §3/§5/§9: a generated product becomes the saved payload', () => {
  it('applies every default of an AI-saved product', () => {
    expect(toSavedPayload(generated, { productType: 'affiliate', categoryId: 3, subcategoryId: 7 }, [category], [subcategory])).toEqual({
      name: 'Opalescence Go 15% Kit!',
      description: 'Ready-to-wear trays with 15% hydrogen peroxide.',
      short_description: 'Prefilled whitening trays',
      slug: 'opalescence-go-15-kit',
      price: '1049.50',
      category_id: 3,
      subcategory_id: 7,
      product_type: 'affiliate',
      manufacturer: 'Unknown',
      in_stock: true,
      is_featured: false,
      is_new: true,
      features: ['No impressions needed'],
      specifications: { Concentration: '15% HP' },
      image_url: '',
      rating: '0',
      external_link: '',
      affiliate_link: null,
    });
  });

  it('takes the brand as manufacturer and recommended as featured', () => {
    const saved = toSavedPayload({ ...generated, brand: 'Ultradent', recommended: true }, { productType: 'service', categoryId: 3, subcategoryId: 7 }, [category], [subcategory]);
    expect(saved).toMatchObject({ manufacturer: 'Ultradent', is_featured: true, product_type: 'service' });
    expect(saved).not.toHaveProperty('affiliate_link');
  });

  it('keeps an equipment link only when it is an https retailer product page', () => {
    const equipment = (productUrl: string) => toSavedPayload({ ...generated, productUrl }, { productType: 'equipment', categoryId: 3, subcategoryId: 7 }, [category], [subcategory]).external_link;
    expect(equipment('https://www.amazon.com/dp/B000123')).toBe('https://www.amazon.com/dp/B000123');
    expect(equipment('https://www.amazon.com/Some-Kit/dp/B000123')).toBe('https://www.amazon.com/Some-Kit/dp/B000123');
    expect(equipment('https://www.amazon.com/gp/product/B000123')).toBe('https://www.amazon.com/gp/product/B000123');
    expect(equipment('http://www.amazon.com/dp/B000123')).toBe('');
    expect(equipment('https://vendor.example/products/kit')).toBe('');
    expect(retailerProductUrl(undefined)).toBe('');
    // other types keep the product URL as generated
    expect(toSavedPayload({ ...generated, productUrl: 'https://vendor.example/kit' }, { productType: 'affiliate', categoryId: 3, subcategoryId: 7 }, [category], [subcategory])).toMatchObject({
      external_link: 'https://vendor.example/kit',
      affiliate_link: 'https://vendor.example/kit',
    });
  });

  it('refuses a selection that is not in the loaded lists, naming both ids', () => {
    expect(() => toSavedPayload(generated, { productType: 'affiliate', categoryId: 3, subcategoryId: 99 }, [category], [subcategory])).toThrow(
      'Category or subcategory not found (Category ID: 3, Subcategory ID: 99)',
    );
  });

  it('reads model prices as two-decimal text', () => {
    expect([priceText(1299), priceText('89.999'), priceText('Get a quote'), priceText(-5)]).toEqual(['1299.00', '90.00', '0', '0']);
  });
});

describe('SPEC §5 AI forms', () => {
  it('splits batch names on new lines or commas, trimmed, empties dropped', () => {
    expect(splitNames(' Kit A,Kit B\n\n Kit C ,')).toEqual(['Kit A', 'Kit B', 'Kit C']);
  });

  it('has the spec messages', async () => {
    const errors = (schema: typeof singleSchema | typeof batchSchema, value: object) =>
      schema.validate(value, { abortEarly: false }).then(() => [], (e: { errors: string[] }) => e.errors);
    expect((await errors(singleSchema, { productName: 'ab', categoryId: 0, subcategoryId: '', productType: 'affiliate' })).sort()).toEqual([
      'Please select a category',
      'Please select a subcategory',
      'Product name must be at least 3 characters',
    ]);
    expect(await errors(batchSchema, { productNames: ' ', categoryId: 1, subcategoryId: 2, productType: 'affiliate' })).toEqual(['Enter at least one product name']);
  });
});
