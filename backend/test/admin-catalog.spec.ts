import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: TestAgent;
let dataSource: DataSource;

beforeAll(async () => {
  t = await startTestApp();
  dataSource = t.app.get(DataSource);
  admin = request.agent(t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
});

afterAll(async () => {
  await t?.close();
});

// The 401/403/foreign-Origin sweep over every admin route lives in admin-authorization.spec.ts.

describe('categories and subcategories', () => {
  it('creates with a unique slug from the name, refuses a taken slug and an id in the body, updates and deletes saying what went', async () => {
    const first = await admin.post('/api/admin/categories').send({ name: 'Lab Ovens!', description: 'Ceramic furnaces', icon: 'fa-fire', product_type: 'equipment' }).expect(201);
    expect(first.body).toMatchObject({ name: 'Lab Ovens!', slug: 'lab-ovens', sort_order: 999 });
    const second = await admin.post('/api/admin/categories').send({ name: 'Lab Ovens', description: 'Again', icon: 'fa-fire', product_type: 'equipment' }).expect(201);
    expect(second.body.slug).toBe('lab-ovens-2');
    const taken = await admin.post('/api/admin/categories').send({ name: 'X', description: 'Y', icon: 'fa-x', product_type: 'equipment', slug: 'lab-ovens' }).expect(409);
    expect(taken.body.message).toBe("The slug 'lab-ovens' is already used");
    const withId = await admin.put(`/api/admin/categories/${first.body.id}`).send({ id: 999, name: 'Renamed' }).expect(400);
    expect(JSON.stringify(withId.body.message)).toContain('property id should not exist');
    const missing = await admin.post('/api/admin/categories').send({ name: '', description: 'd', product_type: 'equipment' }).expect(400);
    expect(JSON.stringify(missing.body.message)).toMatch(/name is required.*icon/);

    const sub = await admin.post('/api/admin/subcategories').send({ name: 'Press Furnaces', description: 'Pressable ceramics', category_id: first.body.id }).expect(201);
    const renamed = await admin.put(`/api/admin/subcategories/${sub.body.id}`).send({ name: 'Press & Sinter Furnaces' }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Press & Sinter Furnaces', slug: 'press-furnaces' });
    await admin.post('/api/admin/subcategories').send({ name: 'Orphan', description: 'd', category_id: 2147483647 }).expect(400);

    const product = await admin
      .post('/api/admin/products')
      .send({ name: 'Vita Vacumat 6000', manufacturer: 'Vita', product_type: 'equipment', category_id: first.body.id, subcategory_id: sub.body.id, price: '8450' })
      .expect(201);
    const usage = await admin.get(`/api/admin/categories/${first.body.id}/usage`).expect(200);
    expect(usage.body).toEqual({ product_count: 1, subcategory_count: 1 });
    expect((await admin.get(`/api/admin/categories/${second.body.id}/usage`).expect(200)).body).toEqual({ product_count: 0, subcategory_count: 0 });
    const unknown = await admin.get('/api/admin/categories/2147483647/usage').expect(404);
    expect(unknown.body.message).toBe('Category 2147483647 not found');
    await request(t.http).get(`/api/admin/categories/${first.body.id}/usage`).expect(401);
    const blocked = await admin.delete(`/api/admin/categories/${first.body.id}`).expect(409);
    expect(blocked.body.message).toBe('Category has 1 product; move or delete them first');
    const subGone = await admin.delete(`/api/admin/subcategories/${sub.body.id}`).expect(200);
    expect(subGone.body).toEqual({ message: 'Subcategory deleted', affected: { subcategories: 1, productsUnassigned: 1 } });
    expect((await request(t.http).get(`/api/products/${product.body.slug}`).expect(200)).body.subcategory_id).toBeNull();
    await admin.delete(`/api/admin/products/${product.body.id}`).expect(200);
    const gone = await admin.delete(`/api/admin/categories/${first.body.id}`).expect(200);
    expect(gone.body).toEqual({ message: 'Category deleted', affected: { categories: 1, subcategories: 0 } });
    await admin.delete(`/api/admin/categories/${first.body.id}`).expect(404);
    await admin.delete(`/api/admin/categories/${second.body.id}`).expect(200);
  });

  it('reorders: the new index, siblings renumbered 0…n-1, and concurrent reorders leave no duplicates', async () => {
    const ids: number[] = [];
    for (const name of ['Order A', 'Order B', 'Order C', 'Order D']) {
      ids.push((await admin.post('/api/admin/categories').send({ name, description: 'd', icon: 'fa-folder', product_type: 'service' }).expect(201)).body.id);
    }
    const moved = await admin.patch(`/api/admin/categories/${ids[3]}/order`).send({ sortOrder: 0 }).expect(200);
    expect(moved.body[0]).toEqual({ id: ids[3], sort_order: 0 });
    const positions = () => dataSource.query(`SELECT id, sort_order FROM categories WHERE product_type = 'service' ORDER BY sort_order`);
    const after = await positions();
    expect(after.map((r: { sort_order: number }) => r.sort_order)).toEqual(after.map((_: unknown, i: number) => i));

    await Promise.all(ids.map((id, i) => admin.patch(`/api/admin/categories/${id}/order`).send({ sortOrder: (i * 3) % 5 }).expect(200)));
    const concurrent = await positions();
    expect(new Set(concurrent.map((r: { sort_order: number }) => r.sort_order)).size).toBe(concurrent.length);
    expect(concurrent.map((r: { sort_order: number }) => r.sort_order)).toEqual(concurrent.map((_: unknown, i: number) => i));
    await admin.patch(`/api/admin/categories/${ids[0]}/order`).send({ sortOrder: -1 }).expect(400);
    await admin.patch('/api/admin/categories/2147483647/order').send({ sortOrder: 0 }).expect(404);
    for (const id of ids) await admin.delete(`/api/admin/categories/${id}`).expect(200);
  });
});

describe('products', () => {
  async function someCategory(type: string): Promise<{ category_id: number; subcategory_id: number }> {
    const [row] = await dataSource.query(
      `SELECT c.id AS category_id, s.id AS subcategory_id FROM categories c JOIN subcategories s ON s.category_id = c.id WHERE c.product_type = $1 LIMIT 1`,
      [type],
    );
    return row;
  }

  it("applies the spec's defaults on create and edit", async () => {
    const place = await someCategory('affiliate');
    const created = await admin
      .post('/api/admin/products')
      .send({ name: 'Partner Whitening Kit', manufacturer: 'BrightCo', product_type: 'affiliate', affiliate_link: 'partner.example/kit', description: '', ...place })
      .expect(201);
    expect(created.body).toMatchObject({
      description: 'Product description',
      price: '0.00',
      image_url: '/media/seed/placeholder.svg',
      affiliate_link: 'https://partner.example/kit',
      slug: 'partner-whitening-kit',
    });
    const edited = await admin.put(`/api/admin/products/${created.body.id}`).send({ manufacturer: '', price: '' }).expect(200);
    expect(edited.body).toMatchObject({ manufacturer: 'Unknown', price: '0.00', affiliate_link: 'https://partner.example/kit' });

    const twice = [];
    for (let n = 0; n < 2; n++) {
      twice.push((await admin.post('/api/admin/products').send({ name: ' X-Ray Sensor_Pro ', manufacturer: 'M', product_type: 'equipment', ...place }).expect(201)).body);
    }
    expect(twice.map((p) => p.slug)).toEqual(['xray-sensorpro', 'xray-sensorpro-2']);
    for (const p of twice) await admin.delete(`/api/admin/products/${p.id}`).expect(200);

    const noLink = await admin.post('/api/admin/products').send({ name: 'Linkless', manufacturer: 'M', product_type: 'affiliate', ...place }).expect(400);
    expect(JSON.stringify(noLink.body.message)).toContain('affiliate_link is required for affiliate products');
    const badPrice = await admin.post('/api/admin/products').send({ name: 'Pricey', manufacturer: 'M', product_type: 'equipment', price: '12.345', ...place }).expect(400);
    expect(JSON.stringify(badPrice.body.message)).toContain('price');
    await admin.delete(`/api/admin/products/${created.body.id}`).expect(200);
  });

  it("keeps an affiliate product's stored price when an edit sends no price (its form hides the field)", async () => {
    const place = await someCategory('affiliate');
    const created = await admin
      .post('/api/admin/products')
      .send({ name: 'Partner Loupes', manufacturer: 'Optic', product_type: 'affiliate', affiliate_link: 'https://partner.example/loupes', price: '349.00', ...place })
      .expect(201);
    const edited = await admin.put(`/api/admin/products/${created.body.id}`).send({ name: 'Partner Loupes 2', product_type: 'affiliate', affiliate_link: 'https://partner.example/loupes' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Partner Loupes 2', price: '349.00' });
    expect((await request(t.http).get(`/api/products/${created.body.id}`).expect(200)).body.price).toBe('349.00');
    await admin.delete(`/api/admin/products/${created.body.id}`).expect(200);
  });

  it('keeps a subcategory inside its category, and a new category clears the old subcategory', async () => {
    const equipment = await someCategory('equipment');
    const service = await someCategory('service');
    const mismatch = await admin
      .post('/api/admin/products')
      .send({ name: 'Mismatch', manufacturer: 'M', product_type: 'equipment', category_id: equipment.category_id, subcategory_id: service.subcategory_id })
      .expect(400);
    expect(mismatch.body.message).toBe(`subcategory_id ${service.subcategory_id} does not belong to category ${equipment.category_id}`);
    const created = await admin.post('/api/admin/products').send({ name: 'Mover', manufacturer: 'M', product_type: 'equipment', ...equipment }).expect(201);
    const moved = await admin.put(`/api/admin/products/${created.body.id}`).send({ category_id: service.category_id }).expect(200);
    expect(moved.body).toMatchObject({ category_id: service.category_id, subcategory_id: null });
    const dup = await admin.post('/api/admin/products').send({ name: 'Other', manufacturer: 'M', product_type: 'equipment', slug: created.body.slug, ...equipment }).expect(409);
    expect(dup.body.message).toBe(`The slug '${created.body.slug}' is already used`);
    await admin.delete(`/api/admin/products/${created.body.id}`).expect(200);
    await admin.delete(`/api/admin/products/${created.body.id}`).expect(404);
  });
});

describe('GET /api/admin/products (the admin grid)', () => {
  it('pages, sorts and searches on the server, over name, description and manufacturer, never cached', async () => {
    const place = await dataSource.query(`SELECT c.id AS category_id, c.name AS category_name FROM categories c WHERE c.product_type = 'equipment' ORDER BY c.id LIMIT 1`);
    const made: number[] = [];
    for (const [name, manufacturer, description, price] of [
      ['Grid Probe Alpha', 'Zyxel Dental', 'A periodontal probe', '10.00'],
      ['Grid Probe Beta', 'Acme Dental', 'Stainless zyxelite probe', '30.00'],
      ['Grid Probe Gamma', 'Acme Dental', 'A probe', '20.00'],
    ]) {
      const res = await admin
        .post('/api/admin/products')
        .send({ name, manufacturer, description, price, product_type: 'equipment', category_id: place[0].category_id })
        .expect(201);
      made.push(res.body.id);
    }
    const byManufacturerOrDescription = await admin.get('/api/admin/products').query({ search: 'ZYXEL' }).expect(200);
    expect(byManufacturerOrDescription.headers['cache-control']).toBe('no-store');
    expect(byManufacturerOrDescription.body.products.map((p: { name: string }) => p.name)).toEqual(['Grid Probe Alpha', 'Grid Probe Beta']);
    expect(byManufacturerOrDescription.body.products[0]).toMatchObject({ category_name: place[0].category_name, subcategory_name: null });

    const byPrice = await admin.get('/api/admin/products').query({ search: 'grid probe', sortField: 'price', sortDirection: 'desc', limit: 2, page: 1 }).expect(200);
    expect(byPrice.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(byPrice.body.products.map((p: { price: string }) => p.price)).toEqual(['30.00', '20.00']);
    const secondPage = await admin.get('/api/admin/products').query({ search: 'grid probe', sortField: 'price', sortDirection: 'desc', limit: 2, page: 2 }).expect(200);
    expect(secondPage.body.products.map((p: { price: string }) => p.price)).toEqual(['10.00']);

    const bad = await admin.get('/api/admin/products').query({ sortField: 'password', limit: 1000 }).expect(400);
    expect(JSON.stringify(bad.body.message)).toContain('sortField must be one of: name, product_type, category, price, in_stock, created_at');
    expect(JSON.stringify(bad.body.message)).toContain('limit must not be greater than 100');
    for (const id of made) await admin.delete(`/api/admin/products/${id}`).expect(200);
  });
});

describe('GET /api/admin/products: price order, filters', () => {
  it("sorts unpriced rows ('Get a Quote' services, price 0) after priced ones in both directions", async () => {
    const [service] = await dataSource.query(`SELECT id AS category_id FROM categories WHERE product_type = 'service' ORDER BY id LIMIT 1`);
    const made: number[] = [];
    for (const [name, price] of [['Quote Sort Cheap', '5.00'], ['Quote Sort Custom', ''], ['Quote Sort Dear', '900.00']]) {
      made.push((await admin.post('/api/admin/products').send({ name, price, manufacturer: 'M', product_type: 'service', ...service }).expect(201)).body.id);
    }
    const names = async (sortDirection: string) =>
      (await admin.get('/api/admin/products').query({ search: 'quote sort', sortField: 'price', sortDirection }).expect(200)).body.products.map((p: { name: string }) => p.name);
    expect(await names('asc')).toEqual(['Quote Sort Cheap', 'Quote Sort Dear', 'Quote Sort Custom']);
    expect(await names('desc')).toEqual(['Quote Sort Dear', 'Quote Sort Cheap', 'Quote Sort Custom']);
    for (const id of made) await admin.delete(`/api/admin/products/${id}`).expect(200);
  });

  it('filters by type, category and stock, with exact totals; refuses bad values naming them', async () => {
    const count = async (where: string, values: unknown[] = []) => (await dataSource.query(`SELECT count(*)::int AS n FROM products WHERE ${where}`, values))[0].n;
    const [{ id: categoryId }] = await dataSource.query(`SELECT category_id AS id FROM products GROUP BY category_id ORDER BY count(*) DESC LIMIT 1`);
    await dataSource.query(`UPDATE products SET in_stock = false WHERE id = (SELECT min(id) FROM products WHERE category_id = $1)`, [categoryId]);
    const total = async (query: Record<string, string | number>) => (await admin.get('/api/admin/products').query(query).expect(200)).body.total;
    expect(await total({ productType: 'service' })).toBe(await count(`product_type = 'service'`));
    expect(await total({ categoryId })).toBe(await count('category_id = $1', [categoryId]));
    expect(await total({ categoryId, inStock: 'false' })).toBe(await count('category_id = $1 AND NOT in_stock', [categoryId]));
    expect(await total({ categoryId, inStock: 'true' })).toBe(await count('category_id = $1 AND in_stock', [categoryId]));
    const outOfStock = await admin.get('/api/admin/products').query({ inStock: 'false', limit: 100 }).expect(200);
    expect(outOfStock.body.products.every((p: { in_stock: boolean }) => !p.in_stock)).toBe(true);
    await dataSource.query('UPDATE products SET in_stock = true WHERE NOT in_stock');

    const bad = await admin.get('/api/admin/products').query({ inStock: 'maybe', productType: 'gadget', limit: 101 }).expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['inStock must be true or false', 'productType must be one of: affiliate, service, equipment', 'limit must not be greater than 100']),
    );
  });
});
