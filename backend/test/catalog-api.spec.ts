import request from 'supertest';
import { DataSource } from 'typeorm';
import { Product } from '../src/catalog/product.entity.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let dataSource: DataSource;

beforeAll(async () => {
  t = await startTestApp();
  dataSource = t.app.get(DataSource);
});

afterAll(async () => {
  await t?.close();
});

function links(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const [, url, rel] = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim()) ?? [];
      return [rel, url];
    }),
  );
}

describe('array endpoints are paged, with X-Total-Count and Link', () => {
  it.each([
    ['/api/products/by-type/equipment', { product_type: 'equipment' }],
    ['/api/featured-products', { is_featured: true }],
  ])('%s: default page of 100, limit and page, headers for the rest', async (url, where) => {
    const total = await dataSource.getRepository(Product).countBy(where as never);
    expect(total).toBeGreaterThan(3);
    const first = await request(t.http).get(url).expect(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(Math.min(total, 100));
    expect(first.headers['x-total-count']).toBe(String(total));

    const page1 = await request(t.http).get(`${url}?limit=2`).expect(200);
    expect(page1.body).toHaveLength(2);
    const rels = links(page1.headers.link);
    expect(rels.next).toBe(`${url}?limit=2&page=2`);
    expect(rels.first).toBe(`${url}?limit=2&page=1`);
    expect(rels.last).toBe(`${url}?limit=2&page=${Math.ceil(total / 2)}`);
    expect(rels.prev).toBeUndefined();

    const page2 = await request(t.http).get(rels.next).expect(200);
    expect(page2.body.map((p: { id: number }) => p.id)).not.toEqual(page1.body.map((p: { id: number }) => p.id));
    expect(links(page2.headers.link).prev).toBe(`${url}?limit=2&page=1`);

    const lastPage = await request(t.http).get(rels.last).expect(200);
    expect(links(lastPage.headers.link).next).toBeUndefined();
    const beyond = await request(t.http).get(`${url}?limit=2&page=${Math.ceil(total / 2) + 5}`).expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(total));
  });

  it('pages the category and subcategory product lists too', async () => {
    const [{ slug, count }] = await dataSource.query(
      `SELECT c.slug, count(p.id)::int AS count FROM categories c JOIN products p ON p.category_id = c.id GROUP BY c.slug ORDER BY count DESC LIMIT 1`,
    );
    const res = await request(t.http).get(`/api/categories/${slug}/products?limit=1`).expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe(String(count));
    const [{ sub }] = await dataSource.query(`SELECT s.slug AS sub FROM subcategories s JOIN products p ON p.subcategory_id = s.id LIMIT 1`);
    const subRes = await request(t.http).get(`/api/subcategories/${sub}/products?limit=1`).expect(200);
    expect(Number(subRes.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it.each(['limit=0', 'limit=1001', 'page=0', 'page=abc', 'limit=2.5'])('refuses %s with 400 naming the parameter', async (query) => {
    const res = await request(t.http).get(`/api/products/by-type/service?${query}`).expect(400);
    expect(JSON.stringify(res.body.message)).toMatch(query.split('=')[0]);
  });

  it('documents the headers in the OpenAPI document', async () => {
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
    const headers = doc.paths['/api/products/by-type/{type}'].get.responses['200'].headers;
    expect(Object.keys(headers)).toEqual(['X-Total-Count', 'Link']);
  });
});

describe('GET /api/products/{id or slug}', () => {
  it('answers one product by slug or id, and 404 for an unknown one', async () => {
    const product = await dataSource.getRepository(Product).findOneByOrFail({ is_featured: true });
    const bySlug = await request(t.http).get(`/api/products/${product.slug}`).expect(200);
    expect(bySlug.body).toMatchObject({ id: product.id, slug: product.slug, name: product.name });
    const byId = await request(t.http).get(`/api/products/${product.id}`).expect(200);
    expect(byId.body.slug).toBe(product.slug);
    const missing = await request(t.http).get('/api/products/no-such-product').expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: "Product 'no-such-product' not found", error: 'Not Found' });
    await request(t.http).get('/api/products/99999999999').expect(404);
  });
});

describe('GET /api/products?ids=', () => {
  it('answers every listed product in one list, whatever the limit; unknown ids are simply absent', async () => {
    const rows: Array<{ id: number }> = await dataSource.query('SELECT id FROM products ORDER BY id LIMIT 60');
    const ids = rows.map((row) => row.id);
    const res = await request(t.http).get(`/api/products?ids=${[...ids, 2147483647].join(',')}&limit=5&page=3`).expect(200);
    expect(res.body.products.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    expect(res.body).toMatchObject({ total: 60, page: 1 });
    const one = await request(t.http).get(`/api/products?ids=${ids[0]}`).expect(200);
    expect(one.body.products.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
  });

  it.each([
    ['', 'ids must list at least one product id, e.g. ids=1,2,3'],
    ['1,x', "ids must be positive whole numbers separated by commas ('x' is not)"],
    ['1,0', "ids must be positive whole numbers separated by commas ('0' is not)"],
    ['1,-2', "ids must be positive whole numbers separated by commas ('-2' is not)"],
    ['1.5', "ids must be positive whole numbers separated by commas ('1.5' is not)"],
    ['1,,2', "ids must be positive whole numbers separated by commas ('' is not)"],
    ['99999999999', "ids must be positive whole numbers separated by commas ('99999999999' is not)"],
    ['3,4,3', 'ids must not repeat an id (3 appears twice)'],
    [Array.from({ length: 101 }, (_, i) => i + 1).join(','), 'ids must list at most 100 product ids, not 101'],
  ])('refuses ids=%s with 400 naming the problem', async (ids, message) => {
    const res = await request(t.http).get(`/api/products?ids=${ids}`).expect(400);
    expect(res.body.message).toEqual([message]);
  });

  it('refuses ids given twice', async () => {
    const res = await request(t.http).get('/api/products?ids=1&ids=2').expect(400);
    expect(res.body.message).toBe('ids must be a string, not an array');
  });
});

describe('products on the wire', () => {
  const created: number[] = [];

  /** A product of this test's own, so the seeded catalogue other suites read stays as it is. */
  async function makeProduct(fields: Partial<Product> & { name: string }): Promise<Product> {
    const template = await dataSource.getRepository(Product).findOneByOrFail({ product_type: 'equipment' });
    const product = await dataSource.getRepository(Product).save({
      description: 'Test product',
      price: '10.00',
      category_id: template.category_id,
      manufacturer: 'Test Maker',
      product_type: 'equipment',
      slug: `wire-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      ...fields,
    });
    created.push(product.id);
    return product;
  }

  afterAll(async () => {
    if (created.length) await dataSource.getRepository(Product).delete(created);
  });

  it('normalise stored text: specifications an object, features a list, image URLs absolute, money as decimal strings', async () => {
    const product = await makeProduct({ name: 'Wire Shape Chair' });
    await dataSource.query(`UPDATE products SET features = to_jsonb($1::text), specifications = to_jsonb($2::text), image_url = $3, rating = 4.5 WHERE id = $4`, [
      JSON.stringify(['Quiet motor', 'Two-year warranty']),
      JSON.stringify({ power: '220 V', weight: 12 }),
      'media/seed/chair.svg',
      product.id,
    ]);
    const res = await request(t.http).get(`/api/products/${product.slug}`).expect(200);
    expect(res.body.features).toEqual(['Quiet motor', 'Two-year warranty']);
    expect(res.body.specifications).toEqual({ power: '220 V', weight: '12' });
    expect(res.body.image_url).toBe('/media/seed/chair.svg');
    expect(res.body.price).toBe('10.00');
    expect(res.body.rating).toBe('4.5');

    await dataSource.query(`UPDATE products SET features = to_jsonb('Single feature'::text), specifications = '[]'::jsonb WHERE id = $1`, [product.id]);
    const single = await request(t.http).get(`/api/products/${product.id}`).expect(200);
    expect(single.body.features).toEqual(['Single feature']);
    expect(single.body.specifications).toEqual({});
  });

  it('search takes % and _ literally, case-insensitive over name and description', async () => {
    const literal = await makeProduct({ name: 'Zeta Call-Out Plan', description: 'Covers 100% of call-out_fees for a year.' });
    await makeProduct({ name: 'Zeta Call-Out Basic', description: 'Covers 100X of call-outXfees for a year.' });
    const ids = (res: request.Response) => res.body.products.map((p: { id: number }) => p.id);
    expect(ids(await request(t.http).get('/api/products?search=100%25%20OF%20CALL-OUT').expect(200))).toEqual([literal.id]);
    expect(ids(await request(t.http).get('/api/products?search=call-out_fees').expect(200))).toEqual([literal.id]);
    expect((await request(t.http).get('/api/products?search=zeta%20call-out').expect(200)).body.total).toBe(2);
  });
});

describe('search at scale', () => {
  it('uses the trigram indexes for a product search instead of scanning every product', async () => {
    await dataSource.query('SET enable_seqscan = off'); // on 84 rows the planner would scan anyway: ask whether an index can serve
    try {
      const plan: Array<{ 'QUERY PLAN': string }> = await dataSource.query(
        `EXPLAIN SELECT id FROM products WHERE name ILIKE $1 OR description ILIKE $1`,
        ['%scanner%'],
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('IDX_products_name_trgm');
      expect(text).toContain('IDX_products_description_trgm');
    } finally {
      await dataSource.query('RESET enable_seqscan');
    }
  });
});

describe('compression', () => {
  it('gzips JSON answers for clients that accept it', async () => {
    const res = await request(t.http).get('/api/products?limit=100').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.products.length).toBeGreaterThan(0);
  });
});
