import type { Product } from '@dentalmarket/contracts';
import { getInitialValues, PLACEHOLDER_IMAGE_URL, productSchema, slugPreview, toProductInput, type ProductFormValues } from './productForm.js';

const filled = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...getInitialValues(null),
  name: 'Apex Chair',
  manufacturer: 'Apex',
  description: 'A chair',
  price: '1,299.5',
  category_id: 3,
  ...changes,
});

const storedProduct: Product = {
  id: 1, name: 'P', description: 'D', price: '10.00', image_url: '/i.png', image_data: null, image_type: 'image/png', category_id: 2, subcategory_id: null,
  manufacturer: 'M', specifications: { power: '1 W' }, product_type: 'service', external_link: null, affiliate_link: null,
  service_details: { details: 'On site' }, features: ['a', 'b'], is_featured: true, is_new: false, rating: null, reviews_count: 0,
  created_at: '2026-01-01T00:00:00Z', slug: 'p', in_stock: true, delivery_time: null, warranty: null,
};

const messages = async (values: ProductFormValues) =>
  productSchema.validate(values, { abortEarly: false }).then(
    () => [],
    (error: { errors: string[] }) => error.errors,
  );

describe('SPEC §5 admin product form', () => {
  it('starts as equipment, in stock, with one empty specification row, or preset from the marketplace', () => {
    expect(getInitialValues(null)).toMatchObject({ product_type: 'equipment', in_stock: true, specifications: [{ name: '', value: '' }], category_id: '' });
    expect(getInitialValues(null, { productType: 'service', categoryId: 4, subcategoryId: 9 })).toMatchObject({ product_type: 'service', category_id: 4, subcategory_id: 9 });
  });

  it('requires name, type, manufacturer, description and category; price for equipment only; the affiliate link for affiliates', async () => {
    expect(await messages({ ...getInitialValues(null) })).toEqual(
      expect.arrayContaining(['Product name is required', 'Manufacturer is required', 'Description is required', 'Price is required for equipment', 'Category is required']),
    );
    expect(await messages(filled({ product_type: 'service', price: '' }))).toEqual([]);
    expect(await messages(filled({ product_type: 'affiliate', price: '' }))).toEqual(['Affiliate link is required for affiliate products']);
    expect(await messages(filled({ price: '12.345' }))).toEqual(['Price must be a number with up to 2 decimals, such as 1299.00']);
  });

  it("applies the spec's defaults on submit", () => {
    const input = toProductInput(
      filled({
        description: '  ',
        features: ' Quiet motor \n\n LED light ',
        specifications: [
          { name: ' power ', value: ' 220 V ' },
          { name: '', value: 'dropped' },
        ],
      }),
      'create',
    );
    expect(input).toMatchObject({
      description: 'Product description',
      price: '1299.5',
      image_url: PLACEHOLDER_IMAGE_URL,
      slug: '',
      subcategory_id: null,
      features: ['Quiet motor', 'LED light'],
      specifications: { power: '220 V' },
      affiliate_link: null,
      service_details: null,
    });
    expect(toProductInput(filled({ product_type: 'service', price: '', service_details: 'Duration: 2 hours\nVisits: 1' }), 'create')).toMatchObject({
      price: '0',
      service_details: { Duration: '2 hours', Visits: '1' },
      in_stock: true,
      warranty: null,
    });
    const affiliate = toProductInput(filled({ product_type: 'affiliate', price: '99', affiliate_link: 'partner.example/x' }), 'create');
    expect(affiliate).toMatchObject({ affiliate_link: 'https://partner.example/x' });
    expect(affiliate).not.toHaveProperty('price'); // hidden field: the server applies its default
    expect(toProductInput(filled({ affiliate_link: 'http://partner.example' , product_type: 'affiliate' }), 'create').affiliate_link).toBe('http://partner.example');
  });

  it("turns an empty manufacturer into 'Unknown' on edit only", () => {
    expect(toProductInput(filled({ manufacturer: ' ' }), 'edit').manufacturer).toBe('Unknown');
    expect(toProductInput(filled({ manufacturer: ' ' }), 'create').manufacturer).toBe('');
  });

  it('previews the slug by the spec rule: lowercase, punctuation removed, whitespace to single hyphens', () => {
    expect(slugPreview('  X-Ray  Sensor, Pro! ')).toBe('xray-sensor-pro');
  });

  it("saving an affiliate unchanged sends no price, so the stored price the shop shows is kept", () => {
    const stored = { ...storedProduct, product_type: 'affiliate', price: '249.00', affiliate_link: 'https://partner.example/x' } satisfies Product;
    const input = toProductInput(getInitialValues(stored), 'edit');
    expect(input).not.toHaveProperty('price');
    expect(input).toMatchObject({ name: 'P', affiliate_link: 'https://partner.example/x' });
  });

  it('reads a stored product back into the form (edit)', () => {
    expect(getInitialValues(storedProduct)).toMatchObject({ features: 'a\nb', specifications: [{ name: 'power', value: '1 W' }], service_details: 'On site', subcategory_id: '', slug: 'p' });
  });
});

describe('issue 32: an image URL typed without Set URL', () => {
  it('is saved as set, without the uploaded type of the image it replaces', () => {
    const edited = { ...getInitialValues(storedProduct), image_url_input: ' https://cdn.example/new.png ' };
    expect(toProductInput(edited, 'edit')).toMatchObject({ image_url: 'https://cdn.example/new.png', image_type: null });
    expect(toProductInput(getInitialValues(storedProduct), 'edit')).toMatchObject({ image_url: '/i.png', image_type: 'image/png' });
  });

  it("is refused as 'Set URL' refuses it: an emptied field over a set URL, not an empty field without one", async () => {
    expect(await messages(filled({ image_url: '/i.png', image_url_input: '  ' }))).toEqual(['Please enter a valid image URL.']);
    expect(await messages(filled({ image_url: '', image_url_input: '' }))).toEqual([]);
    expect(await messages(filled({ image_url: '/i.png', image_url_input: '/i.png' }))).toEqual([]);
  });
});
