import request from 'supertest';
import { demoCatalogue } from '../src/database/seed/catalogue.js';
import { startTestApp, type TestApp } from './helpers.js';

const CATALOGUE = demoCatalogue();

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('GET /api/health answers ok', async () => {
    const res = await request(t.http).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready pings the database', async () => {
    const res = await request(t.http).get('/api/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('categories', () => {
  it('lists only the requested product type, by sort_order then name, with subcategory counts', async () => {
    const res = await request(t.http).get('/api/categories?productType=equipment').expect(200);
    const categories = res.body as Array<{ product_type: string; sort_order: number; name: string; subcategory_count: number; slug: string }>;
    const expected = CATALOGUE.filter((c) => c.product_type === 'equipment');
    expect(categories.length).toBeGreaterThanOrEqual(expected.length);
    expect(categories.every((c) => c.product_type === 'equipment')).toBe(true);
    const sorted = [...categories].sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));
    expect(categories.map((c) => c.slug)).toEqual(sorted.map((c) => c.slug));
    const first = expected[0]!;
    expect(categories.find((c) => c.slug === first.slug)?.subcategory_count).toBe(first.subcategories.length);
  });

  it('lists every type without a filter', async () => {
    const res = await request(t.http).get('/api/categories').expect(200);
    const types = new Set((res.body as Array<{ product_type: string }>).map((c) => c.product_type));
    expect(types).toEqual(new Set(CATALOGUE.map((c) => c.product_type)));
  });

  it('answers 400 naming the problem for an unknown productType', async () => {
    const res = await request(t.http).get('/api/categories?productType=gadgets').expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: ['productType must be one of: affiliate, service, equipment'],
      error: 'Bad Request',
    });
  });

  it('lists subcategories of one category', async () => {
    const categories = (await request(t.http).get('/api/categories').expect(200)).body as Array<{ id: number; subcategory_count: number }>;
    const category = categories.find((c) => c.subcategory_count > 0)!;
    const res = await request(t.http).get(`/api/subcategories?categoryId=${category.id}`).expect(200);
    expect(res.body).toHaveLength(category.subcategory_count);
    expect((res.body as Array<{ category_id: number }>).every((s) => s.category_id === category.id)).toBe(true);
    await request(t.http).get('/api/subcategories?categoryId=abc').expect(400);
  });
});

describe('products', () => {
  it('lists a type with the wire shape of libs/contracts', async () => {
    const res = await request(t.http).get('/api/products/by-type/equipment').expect(200);
    const products = res.body as Array<Record<string, unknown>>;
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.product_type).toBe('equipment');
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      expect(Array.isArray(product.features)).toBe(true);
      expect(typeof product.specifications).toBe('object');
      expect(Array.isArray(product.specifications)).toBe(false);
      expect(product.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      expect(product).not.toHaveProperty('category');
    }
    const seeded = CATALOGUE.flatMap((c) => c.subcategories.flatMap((s) => s.products))[0]!;
    const all = (await request(t.http).get('/api/products?limit=1000').expect(200)).body.products as Array<Record<string, unknown>>;
    const match = all.find((p) => p.slug === seeded.slug)!;
    expect(match.price).toBe(seeded.price);
    expect(match.rating).toBe(seeded.rating);
    expect(match.features).toEqual(seeded.features);
    expect(match.specifications).toEqual(seeded.specifications);
    expect(match.image_url).toBe(`/media/seed/${seeded.image}`);
    const names = products.map((p) => p.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers 400 for a type outside the enum', async () => {
    const res = await request(t.http).get('/api/products/by-type/gizmo').expect(400);
    expect(res.body.message).toEqual(['type must be one of: affiliate, service, equipment']);
  });

  it('filters by search (name, manufacturer, category names or description, case-insensitive; the last word a prefix)', async () => {
    const res = await request(t.http).get('/api/products?search=CHAIR&limit=1000').expect(200);
    expect(res.body.total).toBeGreaterThan(0);
    const categories = new Map<number, string>();
    for (const c of (await request(t.http).get('/api/categories').expect(200)).body as { id: number; name: string }[]) categories.set(c.id, c.name);
    const subcategories = new Map<number, string>();
    for (const s of (await request(t.http).get('/api/subcategories').expect(200)).body as { id: number; name: string }[]) subcategories.set(s.id, s.name);
    for (const p of res.body.products as Array<{ name: string; description: string; manufacturer: string; category_id: number; subcategory_id: number | null }>) {
      const document = `${p.name} ${p.manufacturer} ${categories.get(p.category_id)} ${subcategories.get(p.subcategory_id ?? 0) ?? ''} ${p.description}`;
      expect(document.toLowerCase()).toContain('chair');
    }
    const none = await request(t.http).get('/api/products?search=%25%25nothing-like-this%25').expect(200);
    expect(none.body).toEqual({ products: [], total: 0, page: 1, limit: 50 });
  });

  it('sorts by price and paginates', async () => {
    const all = (await request(t.http).get('/api/products?sort=price-asc&limit=1000').expect(200)).body;
    const cents = (all.products as Array<{ price: string }>).map((p) => Math.round(Number(p.price) * 100));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    const page2 = (await request(t.http).get('/api/products?sort=price-asc&limit=5&page=2').expect(200)).body;
    expect(page2.page).toBe(2);
    expect(page2.limit).toBe(5);
    expect(page2.total).toBe(all.total);
    expect((page2.products as Array<{ id: number }>).map((p) => p.id)).toEqual(
      (all.products as Array<{ id: number }>).slice(5, 10).map((p) => p.id),
    );
    const desc = (await request(t.http).get('/api/products?sort=price-desc&limit=1').expect(200)).body;
    expect(desc.products[0].id).toBe(all.products.at(-1).id);
  });

  it('combines type, featured and stock filters', async () => {
    const res = await request(t.http).get('/api/products?productType=service&featured=true&inStock=true&limit=1000').expect(200);
    for (const p of res.body.products as Array<{ product_type: string; is_featured: boolean; in_stock: boolean }>) {
      expect(p).toMatchObject({ product_type: 'service', is_featured: true, in_stock: true });
    }
  });

  it('rejects a bad sort, a limit over 1000 and unknown query fields with 400', async () => {
    const sort = await request(t.http).get('/api/products?sort=cheapest').expect(400);
    expect(sort.body.message).toEqual(['sort must be one of: relevance, name, price-asc, price-desc, newest, rating']);
    await request(t.http).get('/api/products?limit=1001').expect(400);
    await request(t.http).get('/api/products?featured=maybe').expect(400);
    const unknown = await request(t.http).get('/api/products?color=red').expect(400);
    expect(unknown.body.message).toEqual(['property color should not exist']);
  });

  it('lists products by category and subcategory slug, 404 for an unknown slug', async () => {
    const category = CATALOGUE.find((c) => c.subcategories.some((s) => s.products.length > 0))!;
    const subcategory = category.subcategories.find((s) => s.products.length > 0)!;
    const byCategory = await request(t.http).get(`/api/categories/${category.slug}/products`).expect(200);
    expect(byCategory.body.length).toBe(category.subcategories.reduce((n, s) => n + s.products.length, 0));
    const bySub = await request(t.http).get(`/api/subcategories/${subcategory.slug}/products`).expect(200);
    expect((bySub.body as Array<{ slug: string }>).map((p) => p.slug).sort()).toEqual(subcategory.products.map((p) => p.slug).sort());

    const missing = await request(t.http).get('/api/categories/no-such-category/products').expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: "Category 'no-such-category' not found", error: 'Not Found' });
    await request(t.http).get('/api/subcategories/no-such-subcategory/products').expect(404);
  });

  it('lists featured products', async () => {
    const res = await request(t.http).get('/api/featured-products').expect(200);
    const expected = CATALOGUE.flatMap((c) => c.subcategories.flatMap((s) => s.products)).filter((p) => p.is_featured).length;
    expect(res.body.length).toBe(expected);
    expect((res.body as Array<{ is_featured: boolean }>).every((p) => p.is_featured)).toBe(true);
  });
});

describe('auth', () => {
  it('GET /api/me without a session is a JSON 401', async () => {
    const res = await request(t.http).get('/api/me').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' });
  });

  it('guards /api/admin: 401 anonymous, 403 for a customer, 200 for an admin', async () => {
    await request(t.http).get('/api/admin/session').expect(401);

    const customer = request.agent(t.http);
    await customer.post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
    const forbidden = await customer.get('/api/admin/session').expect(403);
    expect(forbidden.body).toEqual({ statusCode: 403, message: 'Admin access required', error: 'Forbidden' });

    const admin = request.agent(t.http);
    const login = await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const res = await admin.get('/api/admin/session').expect(200);
    expect(res.body).toMatchObject({ username: 'admin', role: 'admin', email: 'admin@dentalmarket.example' });
  });

  it('logs in, returns the user without the password, and logs out', async () => {
    const agent = request.agent(t.http);
    const login = await agent.post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
    expect(login.body).toEqual({
      id: expect.any(Number),
      username: 'dr.smith',
      email: 'dr.smith@dentalmarket.example',
      full_name: 'Dr. Jane Smith',
      role: 'customer',
      created_at: expect.any(String),
    });
    const me = await agent.get('/api/me').expect(200);
    expect(me.body).toEqual(login.body);
    await agent.post('/api/logout').expect(200);
    await agent.get('/api/me').expect(401);
  });

  it('rejects a wrong password with 401 and a short username with 400', async () => {
    const wrong = await request(t.http).post('/api/login').send({ username: 'admin', password: 'not-the-password' }).expect(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    const short = await request(t.http).post('/api/login').send({ username: 'ab', password: 'whatever' }).expect(400);
    expect(short.body.message).toEqual(['Username must be at least 3 characters']);
  });

  it('registers customers only; a taken username is a 409 from the unique constraint', async () => {
    const agent = request.agent(t.http);
    const created = await agent
      .post('/api/register')
      .send({ username: 'dr.who', email: 'who@example.com', full_name: 'Dr. Who', password: 'Tardis!42', role: 'customer' })
      .expect(201);
    expect(created.body.role).toBe('customer');
    expect(created.body).not.toHaveProperty('password');
    await agent.get('/api/me').expect(200);

    const admin = await request(t.http)
      .post('/api/register')
      .send({ username: 'sneaky', email: 'sneaky@example.com', password: 'Sneaky!42', role: 'admin' })
      .expect(400);
    expect(admin.body.message).toEqual(['Registration creates customer accounts only']);

    const taken = await request(t.http)
      .post('/api/register')
      .send({ username: 'dr.who', email: 'other@example.com', password: 'Tardis!42' })
      .expect(409);
    expect(taken.body).toEqual({ statusCode: 409, message: 'A user with this username already exists', error: 'Conflict' });
  });
});

describe('errors, manifest and docs', () => {
  it('unknown /api routes are JSON 404s', async () => {
    const res = await request(t.http).get('/api/nope').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/nope', error: 'Not Found' });
  });

  it('malformed JSON is a 400 without internals', async () => {
    const res = await request(t.http).post('/api/login').set('content-type', 'application/json').send('{"username":').expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at |SyntaxError|node_modules/);
  });

  it('GET /api/mf-manifest gives the default remote manifest URLs', async () => {
    const res = await request(t.http).get('/api/mf-manifest').expect(200);
    expect(res.body).toEqual({
      storefront: '/remotes/storefront/mf-manifest.json',
      checkout: '/remotes/checkout/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('Swagger JSON documents every route with its responses', async () => {
    const res = await request(t.http).get('/api/docs-json').expect(200);
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const route of [
      '/api/health',
      '/api/health/ready',
      '/api/me',
      '/api/login',
      '/api/register',
      '/api/logout',
      '/api/admin/session',
      '/api/categories',
      '/api/categories/{slug}/products',
      '/api/subcategories',
      '/api/subcategories/{slug}/products',
      '/api/products',
      '/api/products/by-type/{type}',
      '/api/featured-products',
      '/api/mf-manifest',
    ]) {
      expect(paths).toHaveProperty([route]);
    }
    expect(paths['/api/products']!.get!.responses).toHaveProperty(['400']);
    expect(res.body.components.schemas.ProductDto.properties.price.type).toBe('string');
    await request(t.http).get('/api/docs').expect(200).expect('content-type', /html/);
  });
});
