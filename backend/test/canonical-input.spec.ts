/**
 * The generated bad-input run's findings, one by one: a malformed number used to be converted into
 * another valid one before any check saw it (DELETE /api/admin/products/0x10 deleted product 16,
 * %201 product 1; "sortOrder": "" or false became 0, "category_id": true 1; page=0x10 and
 * limit=1e3 were 16 and 1000), and names of spaces or zero-width characters were stored.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { hasVisibleCharacters } from '../src/common/visible-text.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let admin: TestAgent;
let dataSource: DataSource;

beforeAll(async () => {
  // a database of its own: the seeded ids 1, 2 and 16 are what a conversion would have hit
  db = await freshDatabase('canonical', { seeded: true });
  t = await startTestApp(db.env);
  dataSource = t.app.get(DataSource);
  admin = request.agent(t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

/** The catalogue's rows, all columns, as one string: equal before and after means nothing changed. */
async function catalogue(): Promise<string> {
  const rows = await dataSource.query(`
    SELECT (SELECT string_agg(c::text, E'\\n' ORDER BY id) FROM categories c)
        || (SELECT string_agg(s::text, E'\\n' ORDER BY id) FROM subcategories s)
        || (SELECT string_agg(p::text, E'\\n' ORDER BY id) FROM products p) AS all_rows`);
  return rows[0].all_rows;
}

/** Sends a request and expects 400 with `message` among the answer's messages, the catalogue unchanged. */
async function refused(send: () => request.Test, message: string): Promise<void> {
  const before = await catalogue();
  const res = await send();
  expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: expect.anything() });
  expect([res.body.message].flat()).toContain(message);
  expect(await catalogue()).toBe(before);
}

describe('a path id is decimal digits and nothing else', () => {
  beforeAll(async () => {
    for (const [table, id] of [['products', 16], ['products', 1], ['categories', 1], ['categories', 2], ['subcategories', 1], ['subcategories', 2]] as const) {
      expect(await dataSource.query(`SELECT id FROM ${table} WHERE id = $1`, [id])).toHaveLength(1);
    }
  });

  it('DELETE /api/admin/products/0x10 answers 400 and product 16 is still there', async () => {
    await refused(() => admin.delete('/api/admin/products/0x10'), 'id must be a whole number in decimal digits');
    expect(await dataSource.query('SELECT id FROM products WHERE id = 16')).toHaveLength(1);
  });

  // %20 is a space, %2B a plus: ' 1', '1 ' and '+1' as a client's URL encoder sends them
  const MALFORMED_IDS = ['0x10', '0x2', '%201', '1%20', '%2B1', '01', '1.0', '2e0', '1e0', '0b1', '0o1', 'true', '-1', '%09%201'];
  it.each(MALFORMED_IDS.flatMap((id) => ['products', 'categories', 'subcategories'].map((kind) => [kind, id])))('DELETE /api/admin/%s/%s answers 400, deleting nothing', async (kind, id) => {
    await refused(() => admin.delete(`/api/admin/${kind}/${id}`), 'id must be a whole number in decimal digits');
  });

  it('PUT /api/admin/categories/%201 answers 400 and category 1 keeps its name', async () => {
    await refused(() => admin.put('/api/admin/categories/%201').send({ name: 'Renamed by a space' }), 'id must be a whole number in decimal digits');
    await refused(() => admin.put('/api/admin/products/%201').send({ name: 'Renamed by a space' }), 'id must be a whole number in decimal digits');
    await refused(() => admin.put('/api/admin/subcategories/01').send({ name: 'Renamed by a zero' }), 'id must be a whole number in decimal digits');
    await refused(() => admin.patch('/api/admin/categories/0x2/order').send({ sortOrder: 0 }), 'id must be a whole number in decimal digits');
  });

  it('GET /api/admin/categories/0x2/usage answers 400; /2/usage answers for category 2', async () => {
    const res = await admin.get('/api/admin/categories/0x2/usage').expect(400);
    expect(res.body.message).toBe('id must be a whole number in decimal digits');
    const usage = await admin.get('/api/admin/categories/2/usage').expect(200);
    expect(usage.body).toEqual({ product_count: expect.any(Number), subcategory_count: expect.any(Number) });
  });

  it('an id beyond exact JavaScript numbers is refused rather than rounded', async () => {
    const res = await admin.delete('/api/admin/products/9007199254740993').expect(400);
    expect(res.body.message).toBe('id must not be greater than 9007199254740991');
  });

  it('a DTO path id (customers) follows the same rule, with its own message', async () => {
    for (const id of ['0x1', '%201', '01', '1.0']) expect((await admin.get(`/api/admin/customers/${id}`).expect(400)).body.message).toEqual(['id must be an account id']);
    await admin.get('/api/admin/customers/1').expect(200);
  });
});

describe('a body number is a JSON number', () => {
  it.each<[unknown]>([[''], ['   '], [false], [true], ['0'], ['1'], ['0x1'], [' 1'], ['1e0']])('PATCH …/order with sortOrder %j answers 400 and reorders nothing', async (sortOrder) => {
    await refused(() => admin.patch('/api/admin/categories/1/order').send({ sortOrder }), 'sortOrder must be a whole number');
    await refused(() => admin.patch('/api/admin/subcategories/1/order').send({ sortOrder }), 'sortOrder must be a whole number');
  });

  it('category_id true is not category 1', async () => {
    await refused(() => admin.post('/api/admin/subcategories').send({ name: 'Truthy', description: 'd', category_id: true }), 'category_id must be a category id');
    await refused(() => admin.put('/api/admin/subcategories/1').send({ category_id: true }), 'category_id must be a category id');
    const product = { name: 'Truthy Chair', manufacturer: 'Acme', product_type: 'equipment', price: '10.00' };
    await refused(() => admin.post('/api/admin/products').send({ ...product, category_id: true }), 'category_id must be a category id');
    await refused(() => admin.post('/api/admin/products').send({ ...product, category_id: '1' }), 'category_id must be a category id');
    await refused(() => admin.post('/api/admin/products').send({ ...product, category_id: 1, subcategory_id: '1' }), 'subcategory_id must be a number, not a string');
    await refused(() => admin.post('/api/admin/products').send({ ...product, category_id: 1, reviews_count: false }), 'reviews_count must be a number, not a boolean');
  });

  it('names a malformed number alongside the body’s other problems', async () => {
    const res = await admin.post('/api/admin/subcategories').send({ name: '', description: 'd', category_id: '' }).expect(400);
    expect(res.body.message).toEqual(expect.arrayContaining(['category_id must be a category id', 'name is required']));
  });

  it('a price is canonical decimal text: no leading zeros', async () => {
    await refused(() => admin.put('/api/admin/products/1').send({ price: '0100.00' }), 'price must be at most 99999999.99 with up to 2 decimals, without leading zeros');
  });

  it('still takes JSON numbers, null for no subcategory, and reorders', async () => {
    const category = await admin.post('/api/admin/categories').send({ name: 'Canonical Lab', description: 'd', icon: 'fa-flask', product_type: 'service' }).expect(201);
    const sub = await admin.post('/api/admin/subcategories').send({ name: 'Canonical Sub', description: 'd', category_id: category.body.id }).expect(201);
    const product = await admin
      .post('/api/admin/products')
      .send({ name: 'Canonical Chair', manufacturer: 'Acme', product_type: 'equipment', category_id: category.body.id, subcategory_id: sub.body.id, price: '0.50', reviews_count: 0 })
      .expect(201);
    expect(product.body).toMatchObject({ category_id: category.body.id, subcategory_id: sub.body.id, price: '0.50', reviews_count: 0 });
    expect((await admin.put(`/api/admin/products/${product.body.id}`).send({ subcategory_id: null, price: '1299.00' }).expect(200)).body).toMatchObject({ subcategory_id: null, price: '1299.00' });
    const moved = await admin.patch(`/api/admin/categories/${category.body.id}/order`).send({ sortOrder: 0 }).expect(200);
    expect(moved.body[0]).toEqual({ id: category.body.id, sort_order: 0 });
    await admin.delete(`/api/admin/products/${product.body.id}`).expect(200);
    await admin.delete(`/api/admin/categories/${category.body.id}`).expect(200);
  });
});

describe('a query number is decimal digits and nothing else', () => {
  it.each([
    ['/api/products?page=0x10', 'page must be a whole number in decimal digits'],
    ['/api/products?limit=1e3', 'limit must be a whole number in decimal digits'],
    ['/api/products?page=%201', 'page must be a whole number in decimal digits'],
    ['/api/products?page=1%20', 'page must be a whole number in decimal digits'],
    ['/api/products?page=%2B1', 'page must be a whole number in decimal digits'],
    ['/api/products?page=01', 'page must be a whole number in decimal digits'],
    ['/api/products?page=1.0', 'page must be a whole number in decimal digits'],
    ['/api/products?page=', 'page must be a whole number in decimal digits'],
    ['/api/products?categoryId=true', 'categoryId must be a whole number in decimal digits'],
    ['/api/products?minRating=%204.5', 'minRating must be a number from 1 to 5'],
    ['/api/products?minRating=45e-1', 'minRating must be a number from 1 to 5'],
    ['/api/products?minPrice=0100', 'minPrice must be an amount of dollars such as 100 or 99.99'],
    ['/api/products?ids=01,2', "ids must be positive whole numbers separated by commas ('01' is not)"],
    ['/api/products?ids=1,%202', "ids must be positive whole numbers separated by commas (' 2' is not)"],
    ['/api/subcategories?categoryId=0x1', 'categoryId must be a positive integer'],
    ['/api/admin/products?page=0x10', 'page must be a whole number in decimal digits'],
    ['/api/admin/products?limit=1e3', 'limit must be a whole number in decimal digits'],
    ['/api/admin/products?categoryId=0x1', 'categoryId must be a whole number in decimal digits'],
    ['/api/admin/customers?page=0x10', 'page must be a whole number in decimal digits'],
    ['/api/admin/orders?limit=1e1', 'limit must be a whole number in decimal digits'],
    ['/api/admin/products/export.csv?categoryId=0x1', 'categoryId must be a whole number in decimal digits'],
  ])('GET %s answers 400: %s', async (url, message) => {
    const res = await admin.get(url).expect(400);
    expect([res.body.message].flat()).toContain(message);
  });

  it('still takes canonical numbers', async () => {
    const page = await admin.get('/api/products?page=2&limit=10&minRating=4.5&minPrice=0.5&maxPrice=100000').expect(200);
    expect(page.body).toMatchObject({ page: 2, limit: 10 });
    expect((await admin.get('/api/admin/products?page=1&limit=25&categoryId=1').expect(200)).body).toMatchObject({ page: 1, limit: 25 });
    await admin.get('/api/products?ids=1,2,16').expect(200);
    await admin.get('/api/admin/customers?page=1&limit=100').expect(200);
  });
});

describe('a name must contain visible characters', () => {
  // spaces, zero-width space, BOM, soft hyphen, word joiner, bidi override and pop, tab and newline, Hangul filler, blank Braille
  const INVISIBLE = ['   ', '\u200B\u200B', '\uFEFF', '\u00AD', '\u2060', '\u202E\u202C', '\t\n', '\u3164', '\u2800', '\u200B \u200C\u200D'];
  const NAME = 'name must contain visible characters';

  it.each(INVISIBLE.map((name) => [JSON.stringify(name), name]))('a name of %s is refused for a product, a category and a subcategory, created or updated', async (_label, name) => {
    await refused(() => admin.post('/api/admin/categories').send({ name, description: 'd', icon: 'fa-folder', product_type: 'equipment' }), NAME);
    await refused(() => admin.put('/api/admin/categories/1').send({ name }), NAME);
    await refused(() => admin.post('/api/admin/subcategories').send({ name, description: 'd', category_id: 1 }), NAME);
    await refused(() => admin.put('/api/admin/subcategories/1').send({ name }), NAME);
    await refused(() => admin.post('/api/admin/products').send({ name, manufacturer: 'Acme', product_type: 'equipment', category_id: 1 }), NAME);
    await refused(() => admin.put('/api/admin/products/1').send({ name }), NAME);
  });

  it('takes names with visible characters among invisible ones, accents and emoji', async () => {
    const category = await admin.post('/api/admin/categories').send({ name: '\u200BZero-width first', description: 'd', icon: 'fa-folder', product_type: 'equipment' }).expect(201);
    for (const name of ['Ω', 'e\u0301', '🦷', '  Padded  ', '歯科']) {
      expect((await admin.put(`/api/admin/categories/${category.body.id}`).send({ name }).expect(200)).body.name).toBe(name);
    }
    await admin.delete(`/api/admin/categories/${category.body.id}`).expect(200);
  });

  it('judges strings only, and leaves the empty one to "name is required"', () => {
    expect(INVISIBLE.map(hasVisibleCharacters)).toEqual(INVISIBLE.map(() => false));
    expect(['a', ' a ', 'a\u200B', '\u00A0.', '0', ''].map(hasVisibleCharacters)).toEqual([true, true, true, true, true, true]);
    expect([undefined, null, 5].map(hasVisibleCharacters)).toEqual([true, true, true]);
  });
});
